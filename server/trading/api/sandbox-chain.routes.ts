import { randomBytes } from 'node:crypto';
import { api } from '../../../shared/api/endpoints';
import type { SandboxPayment } from '../../../shared/api/endpoints/customer-funding';
import { canonicalTxId } from '../../../shared/funding/chain-tx-id';
import { channelBySlug } from '../../../shared/funding/crypto-channels';
import { Money } from '../../../shared/money';
import { recentChainPayments } from '../db/customer-funding.repo';
import type { ApiDeps } from '../deps';
import { confirmChainPayment, isSandboxChannel, recordChainPayment, type ChainOutcome } from '../funding/crypto-deposits';
import { DomainError, refusal } from '../errors';
import { sandboxChainTexts } from '../../../shared/api/endpoints/customer-funding';
import { customerFundingTexts } from '../../../shared/api/customer-funding.schema';
import { mailCustomerLater } from '../users/preferences';
import { announceFunding } from '../funding/announce';
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
    announceFunding(deps.bus, { userId: outcome.userId, accountId: outcome.credited ? outcome.accountId : undefined, notice: outcome.notice });
    mailCustomerLater(deps, outcome.userId, 'funding', outcome.notice);
  };
  /** Staff report by hand only on a sandbox chain: where a broker's own key derives the addresses, payments come from its watcher. */
  const sandboxChannel = (slug: string) => {
    const channel = channelBySlug(slug);
    if (!channel) throw new DomainError(refusal.invalid(customerFundingTexts.unknownChannel, 'channel'));
    if (!isSandboxChannel(deps.cryptoKeys, channel)) throw new DomainError(refusal.invalid(sandboxChainTexts.notSandbox, 'channel'));
    return channel;
  };
  const byId = async (id: number) => present((await recentChainPayments(db, { id, limit: 1 }))[0]!);

  on(api.sandboxChain, async () => ({ data: (await recentChainPayments(db, { limit: 50 })).map(present) }));

  on(api.announceChainPayment, async ({ body }, req, res) => {
    const channel = sandboxChannel(body.channel);
    // A typed id is put in its chain's spelling (or refused, 422 at tx_id) by recordChainPayment; a made-up one is born in it.
    const txId = body.tx_id ?? canonicalTxId(channel.network, randomBytes(32).toString('hex'))!;
    const actor = staffActorOf(req, res);
    const outcome = await recordChainPayment(
      db,
      deps.market,
      { channel: channel.slug, address: body.address.trim(), txId, amount: body.amount, confirmations: body.confirmations },
      { actorId: actor.id, ip: actor.ip },
    );
    announce(outcome);
    return { data: await byId(outcome.payment.id), message: outcome.credited ? 'Payment announced and credited.' : 'Payment announced.' };
  });

  on(api.confirmChainPayment, async ({ params: { id }, body }, req, res) => {
    const actor = staffActorOf(req, res);
    const outcome = await confirmChainPayment(db, deps.market, deps.cryptoKeys, id, body.confirmations, { actorId: actor.id, ip: actor.ip });
    announce(outcome);
    return { data: await byId(id), message: outcome.credited ? 'Confirmed and credited.' : 'Confirmations updated.' };
  });

  return router;
}
