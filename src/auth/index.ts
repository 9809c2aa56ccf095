/**
 * Sign-in (docs/ARCHITECTURE.md "auth"; issue 17): the one public entry of `src/auth`. Used by the
 * task pane (Sign in, Sign out, the header line), the custom functions and the commands (silent
 * tokens only). `src/api` knows nothing of msal or Office: it is handed `userTokenProvider(…)`.
 */
export {
  NOT_SIGNED_IN,
  RENEWAL_FAILED,
  SIGN_IN_NOT_SET_UP,
  configureSignInEnvironment,
  currentRoles,
  currentUser,
  getToken,
  onUserChanged,
  prepareSignIn,
  signIn,
  signInErrorText,
  signOut,
  userTokenProvider,
} from "./sign-in";
export type { SignInEnvironment, SignedInUser, UserListener } from "./sign-in";
export { authorityOf, msalConfiguration } from "./msal-config";
export { hasNestedAppAuthBridge, isSignInPopup, useHostNestedAppAuth } from "./nested-app-auth";
