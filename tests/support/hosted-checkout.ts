/**
 * The sandbox provider's hosted checkout driven as a browser would (its form, its 3-D Secure page), for tests
 * that follow a card deposit end to end without Chromium.
 */

export const testCards = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDSecure: '4000 0027 6000 3184' } as const;

const formTokenOf = (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';

async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}

/** Pays the checkout at `url` with `card`; a 3-D Secure card is then authenticated (or failed). Returns where the browser would go, if anywhere. */
export async function payOnSandbox(url: string, card: string, { authenticate = true }: { authenticate?: boolean } = {}) {
  const page = url.replace('//localhost:', '//127.0.0.1:');
  const form = await (await fetch(page)).text();
  const answer = await postForm(page, { _csrf: formTokenOf(form), name: 'Ada Lovelace', number: card, expiry: '12/39', cvc: '123' });
  if (answer.status !== 303 || !answer.location?.includes('/3ds')) return answer;
  const challengeUrl = new URL(answer.location, page).toString();
  const challenge = await (await fetch(challengeUrl)).text();
  return postForm(challengeUrl, { _csrf: formTokenOf(challenge), outcome: authenticate ? 'complete' : 'fail' });
}
