import sharp from 'sharp';
import type { UserStatus, Role } from '../../../shared/api/user.schema';
import { hashPassword } from '../auth/passwords';
import { findCustomerAccount } from '../db/accounts.repo';
import type { AppDb } from '../db/database';
import { insertDeposit } from '../db/funding.repo';
import { updateSettings } from '../db/settings.repo';
import { transition } from '../db/transition';
import { createUser, findUserByEmail } from '../db/users.repo';
import { insertDocument } from '../db/verification.repo';
import { updateProfileFields, type ProfileChanges } from '../db/profile.repo';
import type { FileStore } from '../files/file-store';
import { keepFile } from '../files/stored-files';
import { postEntry } from '../ledger/ledger';

export interface DemoLogin {
  email: string;
  password: string;
  role: Role;
  status: UserStatus;
  /** The reason staff gave for a status that is not active. */
  statusReason?: string;
  firstName: string;
  lastName: string;
  describe: string;
  /** A customer's personal details, complete, as any client's profile form requires them. */
  profile?: ProfileChanges;
}

/** The verified demo trader's personal details: what their identity and proof of address show. */
const demoTraderProfile = { birthDate: '1988-06-14', country: 'united-kingdom', address: '221 Example Road, London NW1 6XE, United Kingdom', phone: '+44 7700900123' } as const;

/** The demo people, printed at start and listed in the README. */
export const demoLogins: readonly DemoLogin[] = [
  {
    email: 'trader@demo.test',
    password: 'trader-demo-1',
    role: 'customer',
    status: 'active',
    firstName: 'Alex',
    lastName: 'Morgan',
    describe: 'active customer, 25,000 USD on Live',
    profile: demoTraderProfile,
  },
  {
    email: 'pending@demo.test',
    password: 'pending-demo-1',
    role: 'customer',
    status: 'pending',
    firstName: 'Priya',
    lastName: 'Shah',
    describe: 'customer awaiting approval',
    profile: { birthDate: '1994-02-03', country: 'india', address: '14 Residency Road, Bengaluru 560025, India', phone: '+91 9812345678' },
  },
  {
    email: 'disabled@demo.test',
    password: 'disabled-demo-1',
    role: 'customer',
    status: 'deactivated',
    statusReason: 'The proof of address sent did not match the address on the account.',
    firstName: 'Daniel',
    lastName: 'Weber',
    describe: 'deactivated customer',
    profile: { birthDate: '1979-11-21', country: 'germany', address: 'Beispielstraße 12, 10115 Berlin, Germany', phone: '+49 15112345678' },
  },
  { email: 'staff@demo.test', password: 'staff-demo-1', role: 'staff', status: 'active', firstName: 'Sam', lastName: 'Okafor', describe: 'staff (back office: customers, chat, reviews)' },
  { email: 'admin@demo.test', password: 'admin-demo-1', role: 'admin', status: 'active', firstName: 'Rita', lastName: 'Lindqvist', describe: 'admin (back office, also settings)' },
];

export const demoDeposit = { email: 'trader@demo.test', amount: '25000.00', reference: 'DEP-DEMOSEED' } as const;

/**
 * Fills an empty database with the demo site in one transaction: branding, the demo people, the trader's
 * deposit; then, given the file store, the trader's verification (docs/customer-area.md#verification).
 */
export async function seedDemoData(db: AppDb, files?: FileStore): Promise<void> {
  const hashes = await Promise.all(demoLogins.map((person) => hashPassword(person.password)));
  await db.transaction(async (tx) => {
    await updateSettings(tx, {
      name: 'Meridian Markets',
      status: 'enabled',
      r_page: 'basic',
      must_verify_account: true,
      contactEmail: 'support@meridian-markets.example',
      website_url: '/',
      logo: '/brand/logo.svg',
      logo_sm: '/brand/logo-sm.svg',
      favicon: '/brand/favicon.svg',
      terms_url: '/legal/terms',
      privacy_url: '/legal/privacy',
      risk_url: '/legal/risk',
      help_url: '/legal/help',
      // Demo figures for the `td` trust block; a real site sets its own or leaves them empty, which hides it.
      review_stars: 5,
      review_count: 1196,
      // A demo client-money account (a documented example IBAN): the bank-transfer step shows it with each customer's reference.
      bank_details: {
        account_name: 'Meridian Markets Ltd — Client Money',
        bank_name: 'Demo Bank plc',
        iban: 'GB33BUKB20201555555555',
        bic: 'BUKBGB22',
        bank_address: '1 Example Street, London EC2N 1AR, United Kingdom',
      },
    });
    const people = [];
    for (const [i, person] of demoLogins.entries()) {
      const user = await createUser(tx, {
        email: person.email,
        passwordHash: hashes[i]!,
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        status: person.status,
        statusReason: person.statusReason ?? null,
      });
      people.push(person.profile ? await updateProfileFields(tx, user.id, person.profile) : user);
    }
    const trader = people.find((person) => person.email === demoDeposit.email);
    const live = trader && (await findCustomerAccount(tx, trader.id));
    if (!live) throw new Error('demo trader has no live account');
    // A bank transfer received, as staff would have confirmed it: the history and the wallet's totals show it.
    const row = await insertDeposit(tx, {
      userId: live.userId,
      accountId: live.id,
      method: 'bank_transfer',
      reference: demoDeposit.reference,
      currency: live.currency,
      amountExpected: demoDeposit.amount,
    });
    const entry = await postEntry(tx, { accountId: live.id, kind: 'deposit', amount: demoDeposit.amount, reference: `deposit:${row.id}`, memo: `Bank transfer ${demoDeposit.reference}` });
    await transition(tx, 'deposit', row.id, {
      from: ['pending'],
      set: { status: 'confirmed', amountReceived: demoDeposit.amount, ledgerEntryId: entry.id, decidedAt: new Date() },
      decided: 'The demo deposit was already confirmed.',
    });
  });
  if (files) await seedDemoVerification(db, files);
}

/** A plain placeholder image standing in for a scanned document (made here, so no picture of a real document ships). */
async function placeholderPng(label: string, background: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" rx="24" fill="${background}"/><text x="40" y="80" font-family="sans-serif" font-size="36" fill="#0b1120">${label}</text><text x="40" y="360" font-family="sans-serif" font-size="20" fill="#0b1120">Demo placeholder: not a real document</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo trader's identity (a passport page) and proof of address, approved by the demo staff member,
 * with stored files, so the demo can withdraw. The pending customer has none: they verify on the page.
 */
export async function seedDemoVerification(db: AppDb, files: FileStore): Promise<void> {
  const trader = await findUserByEmail(db, demoDeposit.email);
  const staff = await findUserByEmail(db, 'staff@demo.test');
  if (!trader) return;
  for (const doc of [
    { kind: 'identity' as const, idType: 'passport' as const, side: 'front' as const, fileName: 'passport.png', label: 'Passport', colour: '#bae6fd' },
    { kind: 'proof_of_address' as const, idType: null, side: null, fileName: 'utility-bill.png', label: 'Utility bill', colour: '#fde68a' },
  ]) {
    const bytes = await placeholderPng(doc.label, doc.colour);
    // Kept as the trader's identity documents, as an upload is (docs/files.md#purposes).
    const { id: fileId } = await keepFile({ db, files }, { purpose: 'identity_document', ownerId: trader.id, mime: 'image/png', bytes });
    await insertDocument(db, {
      userId: trader.id,
      kind: doc.kind,
      idType: doc.idType,
      side: doc.side,
      fileId,
      fileName: doc.fileName,
      mime: 'image/png',
      size: bytes.length,
      status: 'approved',
      decidedBy: staff?.id ?? null,
      decidedAt: new Date(),
    });
  }
}
