const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Text made safe inside HTML or XML, as character data or a quoted attribute value: the five characters that
 * could open or close markup become XML's five predefined entities, which HTML reads the same.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
