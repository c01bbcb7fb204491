/** A content page's form's own words (features/content/DynamicForm.tsx); the merchant's labels are data. */
export const forms = {
  'forms.form': 'Form',
  'forms.select': 'Select…',
  'forms.saving': 'Wait Saving...',
} as const;
