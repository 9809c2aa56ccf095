/**
 * Sign-in (docs/developers/architecture.md "auth"): the one public entry of `src/auth`. Used
 * by the task pane (Sign in, Sign out, the header line), the custom functions and the commands
 * (silent tokens only), and the sign-in dialog page. `src/api` knows nothing of msal or Office: it
 * is handed `userTokenProvider(…)`. Office itself is asked by the edges, which hand the answers in
 * (`useHostNestedAppAuth`, `useHostAuthContext`, `useHostDialog`).
 */
export {
  NOT_SIGNED_IN,
  RENEWAL_FAILED,
  SIGN_IN_NOT_SET_UP,
  configureSignInEnvironment,
  currentRoles,
  currentUser,
  getToken,
  logUserName,
  onUserChanged,
  prepareSignIn,
  signIn,
  signInErrorText,
  signOut,
  userTokenProvider,
} from "./sign-in";
export type { SignInEnvironment, SignedInUser, UserListener } from "./sign-in";
export { INTERACTIVE_PROMPT, authorityOf, msalConfiguration } from "./msal-config";
export {
  hasNestedAppAuthBridge,
  hostAccount,
  isSignInPopup,
  useHostAuthContext,
  useHostDialog,
  useHostNestedAppAuth,
} from "./nested-app-auth";
export type { DialogAnswer, DialogHost, DialogOpener, OfficeAccount } from "./nested-app-auth";
export { dialogSignIn } from "./dialog-page";
export type { DialogPageEnvironment } from "./dialog-page";
export { SIGN_IN_DIALOG_PAGE, type DialogMessage } from "./sign-in-dialog";
