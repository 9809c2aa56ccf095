/**
 * The local identity provider's pages: sign-in, sign-out and errors. Plain HTML of our own with an
 * inline style sheet and system fonts — oidc-provider's development pages load web fonts from the
 * internet, and nothing here may reach it. Every value is escaped; no script.
 */
import { DEMO_PASSWORD, DEMO_USERS } from "./directory";

/**
 * The Content-Security-Policy of every page: nothing but the inline style sheet and forms posting
 * back here. (No `form-action`: Chromium applies it to the redirect after the post too, which
 * leads to the add-in's own origin.)
 */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** `text` safe inside HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
  :root { color-scheme: light dark; }
  body { font-family: system-ui, "Segoe UI", sans-serif; margin: 0; background: Canvas; color: CanvasText; }
  main { max-width: 26rem; margin: 3rem auto; padding: 1.5rem 2rem; border: 1px solid GrayText; border-radius: 6px; }
  h1 { font-size: 1.4rem; font-weight: 600; margin: 0 0 .25rem; }
  .note { font-size: .85rem; color: GrayText; margin: 0 0 1.25rem; }
  label { display: block; font-weight: 600; margin: .9rem 0 .3rem; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: .45rem .5rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; align-items: center; }
  button { font: inherit; font-weight: 600; padding: .45rem 1.2rem; cursor: pointer; }
  .error { border-left: 4px solid #c50f1f; padding: .4rem .75rem; margin: 1rem 0 0; }
  table { border-collapse: collapse; font-size: .85rem; margin-top: .5rem; width: 100%; }
  th, td { text-align: left; padding: .2rem .4rem .2rem 0; }
  details { margin-top: 1.5rem; }
  pre { white-space: pre-wrap; word-break: break-word; }
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** What the sign-in page shows. */
export interface LoginPageInput {
  /** The application asking (the add-in's name). */
  clientName: string;
  /** Where the form posts (the interaction's login path). */
  action: string;
  /** Where "Cancel" posts (the interaction's abort path). */
  abortAction: string;
  /** The user name typed last time (after a failed attempt). */
  username?: string;
  /** Why the last attempt failed. */
  error?: string;
}

/** The sign-in page: user name and password, and the demo users of this development provider. */
export function loginPage(input: LoginPageInput): string {
  const rows = DEMO_USERS.map(
    (user) =>
      `<tr><td>${escapeHtml(user.username)}</td><td>${escapeHtml(
        user.roles.length > 0 ? user.roles.join(", ") : "no role"
      )}</td></tr>`
  ).join("\n");
  const error = input.error
    ? `<p class="error" role="alert" id="error">${escapeHtml(input.error)}</p>`
    : "";
  return layout(
    "Sign in – local identity provider",
    `<h1>Sign in</h1>
<p class="note">to ${escapeHtml(input.clientName)} · local identity provider for development and tests, not Microsoft Entra ID</p>
${error}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="off">
<label for="username">User name</label>
<input id="username" name="username" type="email" required autofocus value="${escapeHtml(input.username ?? "")}"${input.error ? ' aria-describedby="error"' : ""}>
<label for="password">Password</label>
<input id="password" name="password" type="password" required>
<div class="actions"><button type="submit">Sign in</button></div>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<div class="actions"><button type="submit">Cancel</button></div>
</form>
<details>
<summary>Demo users (password: ${escapeHtml(DEMO_PASSWORD)})</summary>
<table>
<thead><tr><th scope="col">User name</th><th scope="col">Role</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</details>`
  );
}

/** The error page (oidc-provider's `renderError`): the error and its description, escaped. */
export function errorPage(out: Record<string, unknown>): string {
  const lines = Object.entries(out)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `<pre><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</pre>`
    )
    .join("\n");
  return layout(
    "Sign-in error – local identity provider",
    `<h1>Sign-in did not work</h1>
<p class="note">local identity provider for development and tests</p>
${lines}
<p>Close this window and try again from the add-in.</p>`
  );
}

/**
 * The sign-out question (oidc-provider's `logoutSource`). `form` is oidc-provider's own hidden form
 * (`id="op.logoutForm"`, with its xsrf token); the buttons submit it.
 */
export function logoutPage(form: string, host: string): string {
  return layout(
    "Sign out – local identity provider",
    `<h1>Sign out?</h1>
<p class="note">of the local identity provider at ${escapeHtml(host)}</p>
${form}
<div class="actions">
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>
</div>`
  );
}

/** After sign-out, when no application said where to go back to. */
export function signedOutPage(): string {
  return layout(
    "Signed out – local identity provider",
    `<h1>Signed out</h1>
<p class="note">local identity provider for development and tests</p>
<p>You can close this window.</p>`
  );
}

/**
 * The provider's root page (`https://localhost:<port>/`): what it is, its issuer and the demo users
 * — where a developer lands when accepting the development certificate once.
 */
export function homePage(issuer: string): string {
  const rows = DEMO_USERS.map(
    (user) =>
      `<tr><td>${escapeHtml(user.username)}</td><td>${escapeHtml(
        user.roles.length > 0 ? user.roles.join(", ") : "no role"
      )}</td></tr>`
  ).join("\n");
  return layout(
    "Local identity provider",
    `<h1>Local identity provider</h1>
<p class="note">for development and tests, standing in for Microsoft Entra ID</p>
<p>Issuer (msal authority):<br><code>${escapeHtml(issuer)}</code></p>
<p>Its certificate is accepted in this browser now; the add-in can sign in here.</p>
<table>
<thead><tr><th scope="col">User name (password: ${escapeHtml(DEMO_PASSWORD)})</th><th scope="col">Role</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
  );
}
