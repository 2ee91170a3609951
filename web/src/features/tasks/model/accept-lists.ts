import { ATTACHMENT_EDIT_EXTENSIONS, ATTACHMENT_EXTENSIONS, SUBMISSION_EXTENSIONS } from "@planify/common/constants/tasks";

// The file pickers' `accept` lists, made from the lists the server checks uploads against
// (common/constants/tasks), never copied. Imports nothing of the web app, so that a server
// test can upload one file of every type offered here.

/** A file input's `accept` list (".pdf,.doc") for extensions as common names them. */
export const acceptList = (extensions: readonly string[]) => extensions.map((ext) => `.${ext}`).join(",");

/** Attachments in the add-task form. */
export const ATTACHMENT_TYPES_ADD = acceptList(ATTACHMENT_EXTENSIONS);
/** Attachments in the edit-task form (no archives, as the spec's edit form). */
export const ATTACHMENT_TYPES_EDIT = acceptList(ATTACHMENT_EDIT_EXTENSIONS);
/** A student's hand-in. */
export const SUBMISSION_TYPES = acceptList(SUBMISSION_EXTENSIONS);
