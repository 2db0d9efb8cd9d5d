/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends platform e-mail (activation, password reset, job results) through nodemailer: SMTP when
 * SMTP_URL is set, else an .eml file per message in `<dataDir>/outbox/` with its links logged.
 */
export interface Mailer {
  /** Sends `msg`; resolves with the .eml path for the outbox transport, else the SMTP message id. */
  send(msg: MailMessage): Promise<string>;
}
