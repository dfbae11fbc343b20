import { randomBytes } from 'node:crypto';
import { api } from '../../../shared/api/endpoints';
import type { SandboxPayment } from '../../../shared/api/endpoints/customer-funding';
import { channelBySlug } from '../../../shared/funding/crypto-channels';
import { Money } from '../../../shared/money';
import { recentChainPayments } from '../db/customer-funding.repo';
import { presentNotification } from '../db/notifications.repo';
import type { ApiDeps } from '../deps';
import { confirmChainPayment, recordChainPayment, type ChainOutcome } from '../funding/crypto-deposits';
import { recordAudit } from '../db/audit.repo';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

type Joined = Awaited<ReturnType<typeof recentChainPayments>>[number];

function present({ payment, wallet, email }: Joined): SandboxPayment {
  return {
    id: payment.id,
    channel: wallet.channel,
    address: wallet.address,
    customer: email,
    tx_id: payment.txId,
    amount: new Money(payment.amount).toFixed(),
    confirmations: payment.confirmations,
    required: channelBySlug(wallet.channel)?.confirmations ?? 0,
    status: payment.status,
    seen_at: payment.seenAt.toISOString(),
  };
}

/**
 * The sandbox chain (docs/funding.md#the-sandbox-chain): the embedded chain watcher, where staff (or a test)
 * announce a payment to a customer's address and add its confirmations, as blocks would. A real watcher
 * reports through the same `recordChainPayment`.
 */
export function sandboxChainRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;

  const announce = (outcome: ChainOutcome) => {
    if (outcome.notice) deps.bus.publish('notification.message', { userId: outcome.userId, notification: presentNotification(outcome.notice) });
    deps.bus.publish('user.updated', { userId: outcome.userId });
  };
  const byId = async (id: number) => present((await recentChainPayments(db, { id, limit: 1 }))[0]!);

  on(api.sandboxChain, async () => ({ data: (await recentChainPayments(db, { limit: 50 })).map(present) }));

  on(api.announceChainPayment, async ({ body }, req, res) => {
    const txId = body.tx_id ?? randomBytes(32).toString('hex');
    const outcome = await recordChainPayment(db, deps.market, { channel: body.channel, address: body.address.trim(), txId, amount: body.amount, confirmations: body.confirmations });
    const actor = staffActorOf(req, res);
    await recordAudit(db, {
      actorId: actor.id,
      action: 'sandbox_chain.payment',
      subjectType: 'user',
      subjectId: outcome.userId,
      details: { channel: body.channel, tx_id: txId, amount: body.amount, confirmations: body.confirmations },
      ip: actor.ip,
    });
    announce(outcome);
    return { data: await byId(outcome.payment.id), message: outcome.credited ? 'Payment announced and credited.' : 'Payment announced.' };
  });

  on(api.confirmChainPayment, async ({ params: { id }, body }, _req, res) => {
    staffActorOf(_req, res);
    const outcome = await confirmChainPayment(db, deps.market, id, body.confirmations);
    announce(outcome);
    return { data: await byId(id), message: outcome.credited ? 'Confirmed and credited.' : 'Confirmations updated.' };
  });

  return router;
}
