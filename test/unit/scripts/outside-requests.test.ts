/**
 * The browser tests' outside-request check (test/e2e/support/outside-requests.ts) forgives exactly
 * one thing: office.js's own telemetry iframe, at the address the installed office.js names. Any
 * other outside request — including the same address fetched by the add-in — fails the test.
 */
import {
  isOfficeTelemetry,
  officeTelemetryPages,
} from "../../../test/e2e/support/outside-requests";

describe("office.js's telemetry page, told apart from the add-in's own outside requests", () => {
  const [page] = officeTelemetryPages();

  it("reads the telemetry page from the installed office.js", () => {
    expect(officeTelemetryPages()).toEqual([
      "https://telemetryservice.firstpartyapps.oaspapps.com/telemetryservice/telemetryproxy.html",
    ]);
  });

  it("forgives office.js's iframe at that page, with or without a query", () => {
    expect(isOfficeTelemetry({ url: page, resourceType: "document", inChildFrame: true })).toBe(
      true
    );
    expect(
      isOfficeTelemetry({ url: `${page}?v=1#x`, resourceType: "document", inChildFrame: true })
    ).toBe(true);
  });

  it("counts everything else as the add-in's own", () => {
    const own = [
      { url: page, resourceType: "fetch", inChildFrame: true },
      { url: page, resourceType: "document", inChildFrame: false },
      {
        url: "https://telemetryservice.firstpartyapps.oaspapps.com/other.html",
        resourceType: "document",
        inChildFrame: true,
      },
      {
        url: "https://billing.example.com/api/v1/invoices",
        resourceType: "fetch",
        inChildFrame: false,
      },
      { url: "https://cdn.example.com/lib.js", resourceType: "script", inChildFrame: true },
    ];
    for (const request of own) expect(isOfficeTelemetry(request)).toBe(false);
  });
});
