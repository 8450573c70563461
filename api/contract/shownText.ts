// Free text a customer types and the app shows back (a bank's nickname, a beneficiary's or account holder's
// name, an address, a transfer's details): the rule, once, for the server and the app (issue 19).
//
// Refused: control characters (C0 U+0000–U+001F and DEL, C1 U+0080–U+009F: a bell, an escape, a backspace) and the
// invisible marks that change the direction text is shown in (U+202A–U+202E embeddings and overrides, U+2066–U+2069
// isolates, U+200E/U+200F and U+061C marks). With them "Savings\u202Efdp.exe" shows as "Savingsexe.pdf": text
// shown to the customer (or to support) must look like what it is.
//
// Mixed scripts are allowed: names are legitimately written in several scripts, and a nickname is only ever
// shown to its own customer, so a look-alike (Cyrillic "а" in a Latin word) deceives nobody else. Text is kept in
// Unicode NFC (composed form) and shown as typed.

/** Control characters and direction marks, as a character class. */
// eslint-disable-next-line no-control-regex -- finding control characters in customer text is this pattern's purpose.
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const SHOWN_TEXT_MESSAGE = "Text can't contain control characters or hidden text-direction marks.";

/** Whether shown-back text holds a control character or a text-direction mark. */
export const hasHiddenCharacters = (value: string): boolean => HIDDEN.test(value);

/** The form shown-back text is stored and compared in: Unicode NFC. */
export const normaliseShownText = (value: string): string => value.normalize('NFC');

/** The name of the schema format for shown-back text (the server's validator knows it). */
export const SHOWN_TEXT_FORMAT = 'shown-text';
