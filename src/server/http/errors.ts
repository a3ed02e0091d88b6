import { MESSAGES } from "../../core/messages";
import type { FastifyError, FastifyInstance } from "fastify";
import { ValidationError } from "yup";

/**
 * Every refusal the API gives is one of these; the error handler turns it into the body of
 * DESIGN section 3: `{message}` for a business refusal, `{field: [messages]}` for bad input.
 */
export class HttpError extends Error {
  /** Sent as Retry-After (a 429). */
  retryAfterSeconds?: number;
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${statusCode}`);
  }
}

export const badRequest = (message: string) => new HttpError(400, { message });
export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(400, errors);
export const unauthorized = () => new HttpError(401, { message: "Authentication credentials were not provided." });
export const forbidden = (message: string = MESSAGES.permissionDenied) => new HttpError(403, { message });
export const notFound = () => new HttpError(404, { message: "Not found." });
export const stillRunning = () => new HttpError(409, { message: "This form is still being processed" });
/** A token carried to another user in a file of unsynced documents, already booked by the user it was issued for. */
export const bookedByAuthor = () => new HttpError(422, { message: MESSAGES.formTokenBookedByAuthor });
export const reusedToken = () => new HttpError(422, { message: "This form was already submitted with different data" });
export const staleRecord = () => new HttpError(423, { message: "There was an error, please refresh the page and try again" });
/** 429; with `retryAt`, the answer says in how many seconds the client may try again. */
export const tooManyAttempts = (retryAt?: Date) => {
  const error = new HttpError(429, { message: "Too many attempts, try again later" });
  if (retryAt) error.retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  return error;
};

/** yup's error tree -> `{field: [messages]}`; nested paths keep their dots (items[0].quantity). */
export function validationErrorBody(error: ValidationError): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  const leaves = error.inner.length > 0 ? error.inner : [error];
  for (const leaf of leaves) {
    const key = leaf.path || "non_field_errors";
    (body[key] ??= []).push(...leaf.errors);
  }
  return body;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.body);
    }
    if (error instanceof ValidationError) return reply.status(400).send(validationErrorBody(error));
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ message: fastifyError.message });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ message: fastifyError.message });
    // 5xx: log the detail, never send it.
    request.log.error(error);
    return reply.status(500).send({ message: MESSAGES.serverError });
  });
}
