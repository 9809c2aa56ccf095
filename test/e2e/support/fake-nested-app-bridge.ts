/**
 * A stand-in for Office's nested-app-auth bridge (`window.nestedAppAuthBridge`), so that msal's NAA
 * path (createNestablePublicClientApplication → NestedAppAuthController → BridgeProxy) runs in
 * Chromium as it does inside Office: the page posts msal's JSON requests (`GetInitContext`,
 * `GetToken`, `GetTokenPopup`) and the bridge answers with msal's response envelopes. The answers
 * are made in Node (a playwright binding), so the access tokens are real, signed by the test's
 * directory, and checked by the real gateway.
 */
import type { BrowserContext } from "playwright-core";

/** A request msal sent to the bridge, as recorded. */
export interface BridgeRequest {
  method: string;
  /** The scopes asked for (space-separated), for token requests. */
  scope?: string;
  clientId?: string;
}

/** The account the fake host is signed in with. */
export interface HostAccount {
  oid: string;
  tenantId: string;
  username: string;
  name: string;
}

/** How the bridge answers. */
export interface FakeBridge {
  /** Every request msal sent, in order. */
  requests: BridgeRequest[];
  /** When true, a silent GetToken answers USER_INTERACTION_REQUIRED (the host wants a prompt). */
  interactionRequired: boolean;
}

/** A JWT-shaped id token (msal reads its claims; nothing verifies its signature here). */
function idToken(account: HostAccount, clientId: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return [
    part({ alg: "none", typ: "JWT" }),
    part({
      iss: `https://login.microsoftonline.com/${account.tenantId}/v2.0`,
      aud: clientId,
      tid: account.tenantId,
      oid: account.oid,
      sub: account.oid,
      preferred_username: account.username,
      name: account.name,
      iat: now,
      nbf: now,
      exp: now + 3600,
      ver: "2.0",
    }),
    "unsigned",
  ].join(".");
}

/**
 * Installs the bridge in every frame of `context` (before any script of the page runs) and answers
 * its requests with `accessToken()` for the signed-in `account`.
 */
export async function installFakeBridge(
  context: BrowserContext,
  account: HostAccount,
  accessToken: () => Promise<string>
): Promise<FakeBridge> {
  const bridge: FakeBridge = { requests: [], interactionRequired: false };
  await context.exposeBinding("__fakeBridgeAnswer", async (_source, text: string) => {
    const request = JSON.parse(text) as {
      method: string;
      requestId: string;
      tokenParams?: { scope?: string; clientId?: string };
    };
    const params = request.tokenParams;
    bridge.requests.push({
      method: request.method,
      scope: params?.scope,
      clientId: params?.clientId,
    });
    const envelope = { messageType: "NestedAppAuthResponse", requestId: request.requestId };
    if (request.method === "GetInitContext") {
      return JSON.stringify({
        ...envelope,
        success: true,
        initContext: {
          sdkName: "fake-office-host",
          sdkVersion: "1.0.0",
          capabilities: { queryAccount: false },
        },
      });
    }
    if (request.method === "GetToken" && bridge.interactionRequired) {
      return JSON.stringify({
        ...envelope,
        success: false,
        error: {
          status: "USER_INTERACTION_REQUIRED",
          code: "interaction_required",
          description: "The host needs the user to sign in.",
        },
      });
    }
    if (request.method === "GetToken" || request.method === "GetTokenPopup") {
      return JSON.stringify({
        ...envelope,
        success: true,
        token: {
          access_token: await accessToken(),
          expires_in: 3600,
          id_token: idToken(account, params?.clientId ?? ""),
          scope: params?.scope,
          properties: null,
        },
        account: {
          homeAccountId: `${account.oid}.${account.tenantId}`,
          environment: "login.microsoftonline.com",
          tenantId: account.tenantId,
          username: account.username,
          localAccountId: account.oid,
          name: account.name,
        },
      });
    }
    return JSON.stringify({
      ...envelope,
      success: false,
      error: { status: "PERSISTENT_ERROR", code: "unsupported", description: request.method },
    });
  });
  await context.addInitScript(() => {
    type Listener = (event: { data: string }) => void;
    const listeners: Listener[] = [];
    // Looked up per message: playwright's binding is there by the time msal posts anything.
    const answer = (text: string) =>
      (
        window as unknown as { __fakeBridgeAnswer(text: string): Promise<string> }
      ).__fakeBridgeAnswer(text);
    (window as unknown as { nestedAppAuthBridge: unknown }).nestedAppAuthBridge = {
      addEventListener(type: string, listener: Listener) {
        if (type === "message") listeners.push(listener);
      },
      removeEventListener(type: string, listener: Listener) {
        const i = listeners.indexOf(listener);
        if (type === "message" && i >= 0) listeners.splice(i, 1);
      },
      postMessage(text: string) {
        void answer(text).then((data) => {
          for (const listener of [...listeners]) listener({ data });
        });
      },
    };
  });
  return bridge;
}
