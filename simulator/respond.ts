/**
 * Writes answers in the dialect of the moment: the live envelope and paging, or bare DTOs.
 */
import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import { decodeToken, pageOf } from "./paging";
import type { SimulatorState } from "./state";

/** An error entry before rendering. */
export interface ErrorEntry {
  key: string;
  message: string;
  /** The vendor's `LocalisedErrorDTOMessageValue`s (a bulk refusal names its invoice here). */
  messageValues?: { dataType: "text"; value: string; capitalize: boolean }[];
}

/** The live envelope around `data` (docs/developers/live-service.md#response-body). */
function envelope(data: unknown, count: number): Record<string, unknown> {
  return {
    errors: [],
    success: true,
    applicableEntitiesCount: count,
    requestedEntitiesCount: count,
    succeededEntitiesCount: count,
    isSynchronous: true,
    data,
  };
}

/**
 * The live answer of a bulk operation (`InvoiceDTOApiResponseDTO` with `data: null`): how many
 * invoices the query matched, how many passed, one error entry per refused invoice; `success` is
 * false as soon as one invoice is refused. `isSynchronous` is false when work was started.
 */
export function sendBulk(
  res: Response,
  counts: { requested: number; applicable: number; succeeded: number; synchronous: boolean },
  refusals: ErrorEntry[]
): void {
  const correlationId = randomUUID();
  res.status(200).json({
    errors: refusals.map((e) => ({ ...e, correlationId, messageValues: e.messageValues ?? [] })),
    success: refusals.length === 0,
    applicableEntitiesCount: counts.applicable,
    requestedEntitiesCount: counts.requested,
    succeededEntitiesCount: counts.succeeded,
    isSynchronous: counts.synchronous,
    data: null,
  });
}

/** One resource: the envelope (live) or the bare DTO (interface). */
export function sendOne(state: SimulatorState, res: Response, data: unknown, status = 200): void {
  res.status(status).json(state.options.dialect === "live" ? envelope(data, 1) : data);
}

/**
 * A list: paged inside the envelope (live), following the `continuationToken` request header, or a
 * bare array (interface).
 */
export function sendList(
  state: SimulatorState,
  req: Request,
  res: Response,
  items: unknown[]
): void {
  if (state.options.dialect === "interface") {
    res.status(200).json(items);
    return;
  }
  const token = req.get("continuationtoken");
  let offset = 0;
  if (token) {
    const decoded = decodeToken(token);
    if (decoded === null) {
      sendError(state, res, 400, [
        {
          key: "INVALID_CONTINUATION_TOKEN",
          message: "The continuationToken header is not valid.",
        },
      ]);
      return;
    }
    offset = decoded;
  }
  const page = pageOf(items, offset, state.options.pageSize);
  res.status(200).json(envelope(page, page.results.length));
}

/** Errors: the vendor's `ApiResponseDTO` `{ errors: [{ key, correlationId, message, messageValues }],
 * success: false, ...counts }` (live; no `data`, as the documents' 400 answers) or
 * `{ errors: [{ key, message }] }` (interface). */
export function sendError(
  state: SimulatorState,
  res: Response,
  status: number,
  entries: ErrorEntry[]
): void {
  if (state.options.dialect === "interface") {
    res.status(status).json({ errors: entries.map((e) => ({ key: e.key, message: e.message })) });
    return;
  }
  const correlationId = randomUUID();
  res.status(status).json({
    errors: entries.map((e) => ({ ...e, correlationId, messageValues: e.messageValues ?? [] })),
    success: false,
    applicableEntitiesCount: 0,
    requestedEntitiesCount: 0,
    succeededEntitiesCount: 0,
    isSynchronous: true,
  });
}

/**
 * A 404 as RFC 7807 problem details, as the vendor documents it for reads by id; the interface
 * dialect answers an error entry with `interfaceKey` instead.
 */
export function sendProblem(
  state: SimulatorState,
  req: Request,
  res: Response,
  detail: string,
  interfaceKey: string
): void {
  if (state.options.dialect === "interface") {
    sendError(state, res, 404, [{ key: interfaceKey, message: detail }]);
    return;
  }
  res
    .status(404)
    .type("application/problem+json")
    .send(
      JSON.stringify({
        type: "https://tools.ietf.org/html/rfc9110#section-15.5.5",
        title: "Not Found",
        status: 404,
        detail,
        instance: req.path,
      })
    );
}
