/** Types of the e-mail catalogues (templates.ts renders them; locales/*.ts hold one language each). */

/** One e-mail: its subject and its lines (a line may be empty; `{{x}}` are placeholders). */
export interface MailTemplate {
  subject: string;
  lines: string[];
}

/** Every e-mail the platform sends, with the placeholders each one takes. */
export interface MailParams {
  /** Activation link after sign-up: name, link. */
  activation: { name: string; link: string };
  /** Password-reset link: name, link, minutes (validity). */
  passwordReset: { name: string; link: string; minutes: number };
  /** Sign-in code after repeated failures: name, code, minutes (validity). */
  loginCode: { name: string; code: string; minutes: number };
  /** Notice that the password was changed from the profile: name. */
  passwordChanged: { name: string };
  /** Notice that the account was deleted: name. */
  accountDeleted: { name: string };
}
export type MailKind = keyof MailParams;

/** A language's e-mails. */
export type MailCatalogue = Record<MailKind, MailTemplate>;
