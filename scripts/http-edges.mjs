// The HTTP edges of the built server, before any request reaches the adapter: the request-target as RFC 9112
// describes it, the reason phrase of every status line, and the security headers every answer carries.
import { STATUS_CODES } from 'node:http';

/** The themed page a request the shop cannot read is shown (src/pages/400.astro, status 400). */
export const BAD_REQUEST_PAGE = '/400';

/** One year; no includeSubDomains: the shop serves its merchants' hosts and cannot speak for their other names. */
const HSTS = 'max-age=31536000';

/**
 * The policy of answers that are not pages (API JSON, files, plain errors): nothing loads, nothing frames them.
 * Pages replace it with their own (src/lib/page-headers.ts).
 */
const FALLBACK_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * The origin-form path and query of a request-target, with the host it names: an origin path as it is; an
 * absolute http(s) URL split into its authority (which wins over the Host header, RFC 9112 section 3.2.2)
 * and its path. Null for anything the shop cannot read: bad percent-encoding (not UTF-8), userinfo in the
 * authority (RFC 9110 section 4.2.4), another scheme, the asterisk or authority forms.
 * @param {string} target
 * @returns {{ path: string, host: string | undefined } | null}
 */
export function readRequestTarget(target) {
  let path = target;
  let host;
  if (!target.startsWith('/')) {
    const absolute = /^(https?):\/\/([^/?#]+)(.*)$/i.exec(target);
    if (!absolute) return null;
    const [, scheme, authority, rest] = absolute;
    let url;
    try {
      url = new URL(`${scheme}://${authority}/`);
    } catch {
      return null;
    }
    if (url.username || url.password) return null;
    host = url.host;
    path = rest.startsWith('/') ? rest : `/${rest}`;
  }
  try {
    decodeURI(path);
  } catch {
    return null;
  }
  return { path, host };
}

/** Every status line carries the standard reason phrase of its code ("404 Not Found", never "404 OK"). */
function standardReasonPhrases(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const phrase = STATUS_CODES[status];
    if (phrase) {
      if (typeof rest[0] === 'string') rest[0] = phrase;
      else this.statusMessage = phrase;
    }
    return writeHead.call(this, status, ...rest);
  };
}

/** The headers every answer carries; an answer may replace the policy with its own. */
function securityHeaders(res, production) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Content-Security-Policy', FALLBACK_CSP);
  if (production) res.setHeader('Strict-Transport-Security', HSTS);
}

/**
 * The 400 page in the language of the address asked for: a Hindi address (`/hi`, `/hi/…`, as src/lib/i18n/locales.ts
 * reads it) gets the Hindi page.
 * @param {string} target
 */
const badRequestPage = (target) => (/^\/hi(?:[/?#]|$)/.test(target) ? `/hi${BAD_REQUEST_PAGE}` : BAD_REQUEST_PAGE);

/**
 * Wraps a node:http request listener with the edges above. A request-target it cannot read is answered by
 * the themed 400 page; an absolute-form one is routed by its path, for the host it names.
 * @param {import('node:http').RequestListener} listener
 * @param {{ production?: boolean }} [options]
 * @returns {import('node:http').RequestListener}
 */
export function withHttpEdges(listener, { production = process.env.NODE_ENV === 'production' } = {}) {
  return (req, res) => {
    standardReasonPhrases(res);
    securityHeaders(res, production);
    const target = readRequestTarget(req.url ?? '');
    if (target === null) req.url = badRequestPage(req.url ?? '');
    else {
      req.url = target.path;
      if (target.host) req.headers.host = target.host;
    }
    listener(req, res);
  };
}
