/**
 * Every action on invoices named by id, registered: one line each. The record is over the whole
 * union, so an action the engine names but nobody registered is a type error.
 */
import type { IdAction } from "../engine/id-action";
import type { IdActionName } from "../engine/seam";
import { credit } from "./credit";
import { discardDrafts } from "./discard-drafts";
import { markSent } from "./mark-sent";
import { send } from "./send";

export const ID_ACTIONS: Readonly<Record<IdActionName, IdAction>> = {
  "discard-drafts": discardDrafts,
  send,
  credit,
  "mark-sent": markSent,
};
