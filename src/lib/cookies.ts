/** A cookie's raw value in a `document.cookie` string, or undefined (a tiny module: the island directive inlines it). */
export const readCookie = (cookies: string, name: string) =>
  cookies
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
