/** The shared widgets' own words (src/ui: toasts, dialogs, the loading overlay) in English, their defaults. */
export const ui = {
  'ui.dismiss': 'Dismiss',
  'ui.close': 'Close',
  'ui.cancel': 'Cancel',
  'ui.ok': 'Ok',
  'ui.alertOk': 'OK',
  'ui.confirm': 'Confirm',
  'ui.please': 'Please ',
  // A small form's post refused (lib/api/small-forms.ts): a page with a way back.
  'ui.notSent': 'Not sent',
  'ui.unchanged': 'Nothing was changed',
  'ui.goBack': 'Go back and try again',
  'ui.loading': 'Loading',
} as const;
