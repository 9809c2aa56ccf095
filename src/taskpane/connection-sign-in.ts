/**
 * The sign-in block of the Connection tab: Sign in (only from this click, with
 * the account picker, so Sign out then Sign in can switch the account), Sign out, and the line
 * saying who is signed in, kept in step with every change of the signed-in user.
 */
import { t } from "../i18n";
import { validateSettings } from "../api";
import {
  currentUser,
  onUserChanged,
  prepareSignIn,
  signIn,
  signInErrorText,
  signOut,
  type SignedInUser,
} from "../auth";
import { isSameConnection, saveSettings, type StoredSettings } from "../excel";
import { refresh } from "../functions";
import { setText } from "./dom";
import { formFromSettings, settingsFromForm, signInFromForm } from "./connection-form";
import { showErrors, type ConnectionState, type ConnectionView } from "./connection-view";
import { paneSettings } from "./pane-connection";
import { setEnabled, showText, whileDisabled } from "./ui";

/** Writes who is signed in under the buttons; Sign out only while someone is. */
export function renderUser(
  view: ConnectionView,
  user: SignedInUser | undefined = currentUser()
): void {
  setText(
    view.signInStatus,
    user === undefined
      ? t("connection.notSignedIn")
      : user.nested
        ? t("connection.signedInOffice", { user: user.username })
        : t("connection.signedIn", { user: user.username })
  );
  setEnabled(view.signOutButton, user !== undefined);
}

/** Starts msal for the typed sign-in settings when they are valid, so Sign in opens at once. */
export function prepareTyped(state: ConnectionState): void {
  if (state.form.credentialKind !== "gateway") return;
  const checked = validateSettings({
    baseUrl: "https://gateway.invalid",
    credential: { kind: "gateway", signIn: signInFromForm(state.form) },
  });
  if (checked.ok && checked.settings.credential.kind === "gateway") {
    void prepareSignIn(checked.settings.credential.signIn);
  }
}

/** After a sign-in with what the form holds: those are the settings from now on. */
async function keepSignedInSettings(
  view: ConnectionView,
  state: ConnectionState,
  settings: StoredSettings,
  refill: () => void
): Promise<void> {
  if (isSameConnection(settings.connection, paneSettings().connection)) return;
  const saved = await saveSettings(settings);
  if (!saved.ok) return;
  state.form = formFromSettings(saved.settings);
  refill();
  showText(view.saveStatus, t("connection.saved"));
}

function onSignInClick(view: ConnectionView, state: ConnectionState, refill: () => void): void {
  showText(view.saveStatus, undefined);
  const result = settingsFromForm(state.form, paneSettings());
  const credential = result.ok ? result.settings.connection.credential : undefined;
  if (!result.ok || credential?.kind !== "gateway" || credential.signIn === undefined) {
    if (!result.ok) showErrors(view, result.errors);
    setText(view.signInStatus, t("connection.fixThenSignIn"));
    return;
  }
  showErrors(view, {});
  // Started here, in the click itself: the popup must open before anything is awaited.
  const signingIn = signIn(credential.signIn);
  setText(view.signInStatus, t("connection.signingIn"));
  void whileDisabled(view.signInButton, async () => {
    try {
      await signingIn;
    } catch (e) {
      renderUser(view);
      setText(view.signInStatus, signInErrorText(e));
      return;
    }
    await keepSignedInSettings(view, state, result.settings, refill);
    renderUser(view);
    // Cells that asked for a sign-in calculate again, now with the user's token.
    await refresh().catch(() => undefined);
  });
}

/** Wires Sign in, Sign out and the signed-in line; `refill` redraws the form after a save. */
export function wireSignIn(view: ConnectionView, state: ConnectionState, refill: () => void): void {
  view.signInButton.addEventListener("click", () => onSignInClick(view, state, refill));
  view.signOutButton.addEventListener(
    "click",
    () =>
      void whileDisabled(view.signOutButton, async () => {
        await signOut();
        // Cells ask for a sign-in again (nothing cached under the old sign-in is shown).
        await refresh().catch(() => undefined);
      }).then(() => renderUser(view))
  );
  onUserChanged((user) => renderUser(view, user));
  renderUser(view);
}
