/**
 * Buttons outside the run card that ask the service (Search, the cost report, Refresh): offered
 * only to an account that may read (the card holds the token's roles; with no role the gateway
 * refuses them all), and disabled while one of their tasks runs.
 */
import { mayRead } from "./access";
import type { RunCard } from "./run-card";
import { setEnabled } from "./ui";

/** The buttons' task runner: `run` does nothing for an account with no role. */
export interface ReaderButtons {
  run(task: () => Promise<void>): Promise<void>;
}

/** Offers `buttons` by the card's roles (again after every change of the card). */
export function offeredToReaders(card: RunCard, buttons: readonly HTMLElement[]): ReaderButtons {
  let busy = 0;
  const apply = () => {
    for (const b of buttons) setEnabled(b, busy === 0 && mayRead(card.state()));
  };
  card.onRender(apply);
  apply();
  return {
    async run(task) {
      if (!mayRead(card.state())) return;
      busy += 1;
      apply();
      try {
        await task();
      } finally {
        busy -= 1;
        apply();
      }
    },
  };
}
