/**
 * Stand-ins for what Office gives the sign-in, installed in the preview's task
 * pane frame as Office would have them, beside the nested-app-auth bridge stand-in
 * (fake-nested-app-bridge.ts):
 *
 * - `Office.context.requirements.isSetSupported` answering the host's requirement sets (a profile:
 *   NestedAppAuth, DialogApi, DialogOrigin — on top of what the preview answers for ExcelApi);
 * - `Office.auth.getAuthContext()` with the account Office is signed in with;
 * - `Office.context.ui.displayDialogAsync`: opens the page in a real window of the same browser (as
 *   Excel on the web does), whose `Office.context.ui.messageParent` hands the message to the pane
 *   with the sender's origin — only when `targetOrigin` (if given) is the pane's origin, as Office
 *   delivers it;
 * - optionally a popup blocker in the pane (`window.open` gives null, as a blocked popup does).
 *
 * Everything the stand-ins see is recorded in Node (playwright bindings): dialog addresses and the
 * origins of messages — never a message's text (it carries an access token).
 */
import type { BrowserContext } from "playwright-core";

/** The host the stand-ins play. */
export interface FakeOfficeHost {
  /** Requirement sets the host supports, by name → highest version ("1.1"). */
  sets: Record<string, string>;
  /** What `Office.auth.getAuthContext()` gives; undefined = the host has no such API. */
  authContext?: {
    userPrincipalName: string;
    loginHint: string;
    tenantId: string;
    userObjectId: string;
  };
  /** `window.open` in the task pane gives null (the browser blocked the popup). */
  blockPopups?: boolean;
}

/** What happened, as recorded. */
export interface FakeOfficeRecord {
  /** Addresses opened with displayDialogAsync. */
  dialogs: string[];
  /** Messages the dialog sent: the sender's origin, the targetOrigin asked for, delivered or not. */
  messages: { origin: string; targetOrigin?: string; delivered: boolean }[];
  /** Calls of getAuthContext. */
  authContextCalls: number;
}

/** Installs the stand-ins in every page of `context` (before any script of the page runs). */
export async function installFakeOfficeHost(
  context: BrowserContext,
  host: FakeOfficeHost
): Promise<FakeOfficeRecord> {
  const record: FakeOfficeRecord = { dialogs: [], messages: [], authContextCalls: 0 };
  await context.exposeBinding("__fakeOfficeRecord", (_source, kind: string, detail: string) => {
    if (kind === "dialog") record.dialogs.push(detail);
    if (kind === "message")
      record.messages.push(JSON.parse(detail) as FakeOfficeRecord["messages"][0]);
    if (kind === "authContext") record.authContextCalls += 1;
  });
  await context.addInitScript((hostArg: FakeOfficeHost) => {
    type Win = Window & Record<string, unknown>;
    type OfficeLike = Record<string, unknown> & {
      context?: Record<string, unknown>;
      onReady?: () => Promise<unknown>;
    };
    const tell = (w: Window, kind: string, detail: string) =>
      (w.top as unknown as { __fakeOfficeRecord(k: string, d: string): Promise<void> })
        .__fakeOfficeRecord(kind, detail)
        .catch(() => undefined);
    const versionAtMost = (a: string, b: string) => {
      const [pa, pb] = [a.split(".").map(Number), b.split(".").map(Number)];
      for (let i = 0; i < Math.max(pa.length, pb.length); i++)
        if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) < (pb[i] ?? 0);
      return true;
    };
    const supports = (name: string, version = "1.1") => {
      const have = Object.entries(hostArg.sets).find(
        ([n]) => n.toLowerCase() === name.toLowerCase()
      );
      return have ? versionAtMost(version, have[1]) : undefined;
    };
    /** Lays the host's requirement sets over whatever `context.requirements` answers. */
    const patchRequirements = (ctx: Record<string, unknown>) => {
      const inner = ctx.requirements as
        { isSetSupported?(n: string, v?: string): boolean } | undefined;
      if ((inner as { __fake?: boolean } | undefined)?.__fake) return;
      ctx.requirements = {
        __fake: true,
        isSetSupported: (n: string, v?: string) =>
          supports(n, v) ?? inner?.isSetSupported?.(n, v) ?? false,
      };
    };

    /** The task pane frame: requirement sets, getAuthContext, displayDialogAsync, popup blocker. */
    const patchPane = (w: Win) => {
      const office = w.Office as OfficeLike | undefined;
      if (!office) return;
      const realOpen = w.open.bind(w);
      if (hostArg.blockPopups) w.open = () => null;
      if (hostArg.authContext) {
        office.auth = {
          getAuthContext: () => {
            void tell(w, "authContext", "");
            return Promise.resolve({
              ...hostArg.authContext,
              authorityType: "aad",
              authorityBaseUrl: "",
            });
          },
        };
      }
      const ui = {
        displayDialogAsync(url: string, _options: unknown, callback: (r: unknown) => void) {
          void tell(w, "dialog", url);
          const handlers: Record<string, (arg: unknown) => void> = {};
          const win = realOpen(url, "_blank");
          if (!win) {
            callback({ status: "failed", error: { code: 12009 } });
            return;
          }
          (w as Record<string, unknown>).__fakeOfficeDialogMessage = (
            message: string,
            origin: string,
            targetOrigin?: string
          ) => {
            const delivered =
              !targetOrigin || targetOrigin === "*" || targetOrigin === w.location.origin;
            void tell(w, "message", JSON.stringify({ origin, targetOrigin, delivered }));
            if (delivered) handlers.dialogMessageReceived?.({ message, origin });
          };
          callback({
            status: "succeeded",
            value: {
              addEventHandler: (type: string, handler: (arg: unknown) => void) => {
                handlers[type] = handler;
              },
              close: () => win.close(),
            },
          });
        },
      };
      const apply = () => {
        const ctx = office.context;
        if (!ctx) return;
        patchRequirements(ctx);
        ctx.ui = ui;
      };
      apply();
      void office.onReady?.().then(apply);
    };

    /** The dialog window: `messageParent` to the pane that opened it, and its requirement sets. */
    const patchDialog = () => {
      let office: OfficeLike | undefined;
      let realOnReady: ((cb?: unknown) => Promise<unknown>) | undefined;
      const patch = () => {
        const ctx = office?.context;
        if (!ctx) return;
        patchRequirements(ctx);
        ctx.ui = {
          messageParent(message: string, options?: { targetOrigin?: string }) {
            const opener = window.opener as Record<string, unknown> | null;
            const deliver = opener?.__fakeOfficeDialogMessage as
              ((m: string, o: string, t?: string) => void) | undefined;
            deliver?.(message, location.origin, options?.targetOrigin);
          },
        };
      };
      Object.defineProperty(window, "Office", {
        configurable: true,
        get: () => office,
        set(value: OfficeLike) {
          office = value;
          if (
            !value ||
            typeof value !== "object" ||
            Object.getOwnPropertyDescriptor(value, "onReady")
          )
            return;
          Object.defineProperty(value, "onReady", {
            configurable: true,
            enumerable: false,
            // The page's callback and its promise both see the stand-in in place.
            get: () => (cb?: unknown) =>
              realOnReady!(
                typeof cb === "function"
                  ? (info: unknown) => {
                      patch();
                      return (cb as (i: unknown) => unknown)(info);
                    }
                  : cb
              ).then((info) => {
                patch();
                return info;
              }),
            set: (fn: (cb?: unknown) => Promise<unknown>) => {
              realOnReady = fn;
            },
          });
        },
      });
    };

    if (location.pathname.endsWith("/signin-dialog.html")) {
      patchDialog();
    } else if (window.top === window) {
      // The preview page: wrap its install hook, which the pane frame calls right after office.js.
      let preview: { install(w: Window): void } | undefined;
      Object.defineProperty(window, "billingPreview", {
        configurable: true,
        get: () => preview,
        set(value: { install(w: Window): void }) {
          const install = value.install.bind(value);
          value.install = (frameWindow: Window) => {
            install(frameWindow);
            patchPane(frameWindow as Win);
          };
          preview = value;
        },
      });
    }
  }, host);
  return record;
}
