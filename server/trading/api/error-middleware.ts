import type { ErrorRequestHandler, RequestHandler } from 'express';
import { authTexts } from '../../../shared/texts';
import { tradeTexts } from '../../../shared/trading/texts';
import { CommitUncertain } from '../engine/market-orders';
import { databaseOutage, DomainError, isDatabaseUnavailable } from '../errors';
import { ApiError, notFound } from './errors';
import { multipartError } from './multipart';
import { sendRefusal } from './outcomes';

export const notFoundHandler: RequestHandler = () => {
  throw notFound();
};

/** The one place errors become responses: contract shape for known errors, 503 while the database is unreachable, `Server Error` (details logged) otherwise. */
export const errorMiddleware: ErrorRequestHandler = (error, req, res, _next) => {
  if (error instanceof ApiError) {
    res.status(error.status).json(error.body());
    return;
  }
  const multipart = multipartError(error);
  if (multipart) {
    res.status(multipart.status).json(multipart.body());
    return;
  }
  if (error instanceof DomainError) {
    sendRefusal(res, error.refusal);
    return;
  }
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') {
    res.status(400).json({ message: 'The request body is not valid JSON.' });
    return;
  }
  if (type === 'entity.too.large') {
    res.status(413).json({ message: 'The request body is too large.' });
    return;
  }
  const status = (error as { status?: number }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ message: 'The request could not be processed.' });
    return;
  }
  if (error instanceof CommitUncertain) {
    // Never "try again": an order without an order id would open a second position (docs/trading.md#order-ids).
    databaseOutage.failed(req.log, error, `${req.method} ${req.originalUrl.split('?')[0]}`);
    if (res.headersSent) return;
    res.status(503).json({ message: tradeTexts.commitUncertain });
    return;
  }
  if (isDatabaseUnavailable(error)) {
    // A restart or failover of the database: the caller may try again shortly; the outage is logged once, not per request.
    databaseOutage.failed(req.log, error, `${req.method} ${req.originalUrl.split('?')[0]}`);
    if (res.headersSent) return;
    res.status(503).set('Retry-After', '5').json({ message: authTexts.serviceUnavailable });
    return;
  }
  req.log.error({ err: error }, 'unhandled error');
  if (res.headersSent) return;
  res.status(500).json({ message: 'Server Error' });
};
