/** The delivery zones' limits shared by the back office's form and the API's schemas (no zod: the screens import it). */

/** The most days ahead a zone may deliver. */
export const MAX_LEAD_DAYS = 30;
