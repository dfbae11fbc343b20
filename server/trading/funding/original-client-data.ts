import { withdrawalRules } from '../../../shared/api/customer-funding.schema';
import type { SiteData } from '../../../shared/api/data.schema';
import { withdrawalMethods } from '../../../shared/api/funding.schema';
import { cryptoChannels } from '../../../shared/funding/crypto-channels';
import type { Executor } from '../db/database';
import type { CryptoKeys } from './crypto/keys';
import { walletsFor } from './crypto-deposits';

type FundingData = Pick<SiteData, 'wallets' | 'crypto_networks' | 'withdrawal_methods' | 'deposit_config'>;

const withdrawalMethodList = withdrawalMethods.map((method) => ({ method, label: withdrawalRules[method].label, min: withdrawalRules[method].min, fee: withdrawalRules[method].fee }));
const networkNames = [...new Set(cryptoChannels.map((channel) => channel.networkLabel))];

/**
 * `/data`'s funding fields in the original client's shapes (docs/funding.md#the-original-clients-calls): its wallet
 * list and its deposit modal's coins and networks filled with this customer's own addresses.
 */
export async function originalClientFundingData(db: Executor, keys: CryptoKeys, user: { id: number; role: string }): Promise<FundingData> {
  const wallets = user.role === 'customer' ? await walletsFor(db, keys, user.id) : [];
  const walletOf = (slug: string) => wallets.find((wallet) => wallet.channel === slug);
  const assets = [...new Set(cryptoChannels.map((channel) => channel.asset))];
  return {
    wallets: cryptoChannels.flatMap((channel) => {
      const wallet = walletOf(channel.slug);
      return wallet ? [{ id: wallet.id, crypto: channel.asset, crypto_network: channel.networkLabel, address: wallet.address, barcode: null, type: 'address' as const }] : [];
    }),
    crypto_networks: networkNames,
    withdrawal_methods: withdrawalMethodList,
    deposit_config: {
      card: { enabled: false, estimated_time: 'Instant' },
      crypto: {
        enabled: wallets.length > 0,
        estimated_time: '10-30 Min',
        wallets: assets.map((asset, i) => {
          const channels = cryptoChannels.filter((channel) => channel.asset === asset);
          return {
            name: channels[0]!.assetName,
            code: asset,
            default: i === 0,
            networks: channels.map((channel) => {
              const wallet = walletOf(channel.slug);
              return { name: channel.networkLabel, wallets: wallet ? [{ id: wallet.id, address: wallet.address, qrcode: null }] : [] };
            }),
          };
        }),
      },
    },
  };
}
