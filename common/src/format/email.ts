// One e-mail address, as Planify accepts it wherever an address ends up in a mail header
// (a reminder's To, a contact message's Reply-To): no display name, no list, no comment,
// no quoting, no white space or line break, so nothing can add a header or a recipient.
const SINGLE_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

/** Whether `text` is exactly one plain e-mail address (at most 254 characters). */
export const isEmailAddress = (text: string): boolean => text.length <= 254 && SINGLE_ADDRESS.test(text);
