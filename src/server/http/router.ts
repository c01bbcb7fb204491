import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ErrorBody } from '../../contract';
import { humanIssueMessage } from '../../contract/messages';
import type { AppEnv } from '../env';
import { validationAnswer } from './errors';

// A refusal the schema did not word itself is worded for a person (the field in words, never its code name).
z.config({ customError: humanIssueMessage });

/** A router for one domain's calls; invalid input is answered 400 with per-field messages before a handler runs. */
export const router = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => (result.success ? undefined : validationAnswer(result.error, c)),
  });

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Sign-in required',
  409: 'Conflict',
  422: 'Understood, but not possible (for example, no delivery there)',
  403: 'Refused: cross-site call or missing anti-forgery token',
  404: 'Not found',
};

/** The error answers a call may give, for the OpenAPI document. */
export const errorResponses = (codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [code, { description: ERROR_TEXT[code] ?? 'Error', content: { 'application/json': { schema: ErrorBody } } }]),
  );

/** A JSON answer for the OpenAPI document. */
export const jsonAnswer = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A required JSON body, validated with the schema before the handler runs. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
