import express, { type RequestHandler, type Response, type Router } from 'express';
import helmet from 'helmet';
import { readCardForm } from './cards';
import type { CheckoutSessionRecord, SandboxCheckout } from './checkout';
import { authenticationPage, checkoutPage, closedPage, messagePage, successUrlOf } from './hosted-pages';

/**
 * The hosted checkout the customer's browser sees: the card form, the 3-D Secure challenge, and the
 * outcome. Each session's form carries its own CSRF token; its id (random, 24 bytes) is the page's key.
 */

type Locals = { session: CheckoutSessionRecord };
const sessionOf = (res: Response): CheckoutSessionRecord => (res.locals as Locals).session;

export function payRoutes({ checkout, merchantName, now = () => new Date() }: { checkout: SandboxCheckout; merchantName: string; now?: () => Date }): Router {
  const pay = express.Router();
  const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 });

  const loadSession: RequestHandler<{ id: string }> = (req, res, next) => {
    const session = checkout.find(req.params.id);
    if (!session) {
      res.status(404).type('html').send(messagePage('Checkout not found', 'This payment link is not valid. Go back to the merchant and start again.'));
      return;
    }
    (res.locals as Locals).session = session;
    next();
  };

  // A form may only post here, and (as browsers check form-action on the redirect too) on to this session's success URL.
  const allowRedirectToMerchant = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      formAction: ["'self'", (_req, res) => new URL(sessionOf(res as Response).successUrl).origin],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
  });

  const render = (res: Response, page: string, status = 200) => res.status(status).type('html').send(page);
  const checkToken: RequestHandler = (req, res, next) => {
    if (checkout.formTokenMatches(sessionOf(res), (req.body as Record<string, unknown> | undefined)?._csrf)) return next();
    render(res, messagePage('This form has expired', 'Reload the payment page and try again.'), 403);
  };
  const closedOrPending = (res: Response, session: CheckoutSessionRecord): boolean => {
    if (session.status !== 'open') {
      render(res, closedPage({ session, merchantName }), 409);
      return true;
    }
    return false;
  };

  pay.get('/pay/:id', loadSession, allowRedirectToMerchant, (_req, res) => {
    const session = sessionOf(res);
    if (session.awaitingAuthentication) return res.redirect(303, `/pay/${session.id}/3ds`);
    render(res, session.status === 'open' ? checkoutPage({ session, merchantName }) : closedPage({ session, merchantName }));
  });

  pay.post('/pay/:id', loadSession, allowRedirectToMerchant, form, checkToken, (req, res) => {
    const session = sessionOf(res);
    if (closedOrPending(res, session)) return;
    if (session.awaitingAuthentication) return res.redirect(303, `/pay/${session.id}/3ds`);
    const result = readCardForm(req.body as Record<string, unknown>, now());
    if (!result.ok) return render(res, checkoutPage({ session, merchantName, errors: result.errors, echo: result.echo }), 422);
    const { card, outcome } = result;
    if (outcome.kind === 'succeed') {
      checkout.succeed(session, card);
      return res.redirect(303, successUrlOf(session));
    }
    if (outcome.kind === 'authenticate') {
      checkout.awaitAuthentication(session, card);
      return res.redirect(303, `/pay/${session.id}/3ds`);
    }
    checkout.fail(session, outcome.reason, card);
    render(res, closedPage({ session, merchantName }));
  });

  pay.get('/pay/:id/3ds', loadSession, allowRedirectToMerchant, (_req, res) => {
    const session = sessionOf(res);
    if (session.status !== 'open' || !session.awaitingAuthentication) return res.redirect(303, `/pay/${session.id}`);
    render(res, authenticationPage({ session, merchantName }));
  });

  pay.post('/pay/:id/3ds', loadSession, allowRedirectToMerchant, form, checkToken, (req, res) => {
    const session = sessionOf(res);
    if (closedOrPending(res, session)) return;
    if (!session.awaitingAuthentication) return res.redirect(303, `/pay/${session.id}`);
    if ((req.body as Record<string, unknown>).outcome === 'complete') {
      checkout.succeed(session, session.card!);
      return res.redirect(303, successUrlOf(session));
    }
    checkout.fail(session, 'The card issuer could not authenticate the payment (3-D Secure failed).');
    render(res, closedPage({ session, merchantName }));
  });

  return pay;
}
