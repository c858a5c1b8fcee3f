// Typed domain errors; one Fastify error handler (app.ts) maps them to {status: 0, message} with their code.
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class BadRequest extends AppError {
  constructor(message: string, data: unknown = null) {
    super(400, message, data);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, data: unknown = null) {
    super(409, message, data);
  }
}
export class TooManyRequests extends AppError {
  constructor(message = 'Too many requests. Please try again later.') {
    super(429, message);
  }
}
