/** The till's class names: touch targets of 44 px at least (min-h-11), a visible focus ring for the keyboard. */
const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
export const BUTTON = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-border bg-background px-4 font-medium hover:bg-muted disabled:opacity-50 ${FOCUS}`;
export const PRIMARY = `inline-flex min-h-12 items-center justify-center rounded-md bg-primary px-5 text-lg font-semibold text-primary-foreground disabled:opacity-50 ${FOCUS}`;
export const INPUT = 'h-11 w-full rounded-md border border-border bg-background px-3 focus:border-primary';
