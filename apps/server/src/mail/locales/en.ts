import type { MailCatalogue } from '../types.ts';

/** The platform's e-mails in English (the wording every other language translates). */
export const MAIL_EN: MailCatalogue = {
  activation: {
    subject: 'Activate your ULCA account',
    lines: [
      'Hello {{name}},',
      '',
      'Your ULCA account has been created. Open the link below to activate it:',
      '{{link}}',
      '',
      'If you did not sign up, you can ignore this message.',
    ],
  },
  passwordReset: {
    subject: 'Reset your ULCA password',
    lines: [
      'Hello {{name}},',
      '',
      'We received a request to reset the password of your ULCA account. Open the link below to choose a new one:',
      '{{link}}',
      '',
      'The link works once and expires in {{minutes}} minutes. Resetting the password signs you out everywhere.',
      'If you did not ask for this, you can ignore this message: your password stays as it is.',
    ],
  },
  loginCode: {
    subject: 'Your ULCA sign-in code',
    lines: [
      'Hello {{name}},',
      '',
      'There were too many failed attempts to sign in to your ULCA account, so signing in now also needs this code:',
      '',
      '    {{code}}',
      '',
      'Enter it with your password on the sign-in page. It works for at least {{minutes}} minutes.',
      'If the failed attempts were not yours, someone may be guessing your password: consider changing it.',
    ],
  },
  passwordChanged: {
    subject: 'Your ULCA password was changed',
    lines: [
      'Hello {{name}},',
      '',
      'The password of your ULCA account was changed from your profile. Your other sessions have been signed out.',
      'If this was not you, reset your password at once with "Forgot password?" on the sign-in page.',
    ],
  },
  accountDeleted: {
    subject: 'Your ULCA account has been deleted',
    lines: [
      'Hello {{name}},',
      '',
      'Your ULCA account has been deleted, as you asked. Your API keys, glossaries and enrolled speakers are deleted;',
      'the datasets, models and benchmark results you published stay on the platform without your name.',
      'Thank you for contributing.',
    ],
  },
};
