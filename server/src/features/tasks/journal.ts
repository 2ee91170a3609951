import { journalIfAdmin } from "../../lib/journal";

/** An admin's task writes go to the admin journal; a delegate's or teacher's are ordinary use of the list. */
export const journalTask = journalIfAdmin;
