import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import jwt from 'jsonwebtoken';
import { createTokenSigner } from '../../src/services/tokens.js';

const SECRET = 'tokens-test-secret-tokens-test-secret-toke';
const user = { id: '6513270e-269e-4d37-b2a7-4de452e6b438', email: 'ada@example.org', tokenVersion: 3 };

test('a signed token verifies, twice (the second from memory), with its claims', (t) => {
  const signer = createTokenSigner(SECRET, 60);
  const token = signer.sign(user);
  for (let i = 0; i < 2; i++) {
    t.like(signer.verify(token), { userId: user.id, email: user.email, type: 'access', ver: 3 });
  }
});

test('a remembered token stops verifying once it expires', async (t) => {
  const signer = createTokenSigner(SECRET, 1);
  const token = signer.sign(user);
  t.truthy(signer.verify(token));
  await sleep(2_100);
  t.is(signer.verify(token), null);
});

test('other secrets, other algorithms and non-access tokens are refused', (t) => {
  const signer = createTokenSigner(SECRET, 60);
  const claims = { userId: user.id, email: user.email, type: 'access', ver: 0 };
  t.is(signer.verify(jwt.sign(claims, 'another-secret', { expiresIn: 60 })), null);
  t.is(signer.verify(jwt.sign(claims, SECRET, { algorithm: 'HS512', expiresIn: 60 })), null);
  t.is(signer.verify(jwt.sign({ ...claims, type: 'verify' }, SECRET, { expiresIn: 60 })), null);
  t.is(signer.verify(jwt.sign({ ...claims, userId: 'nope' }, SECRET, { expiresIn: 60 })), null);
  t.is(signer.verify(jwt.sign(claims, SECRET, { expiresIn: 60, notBefore: 30 })), null);
  t.is(signer.verify('not.a.token'), null);
});

test('the memory of verified tokens stays bounded and forgets nothing it should not', (t) => {
  const signer = createTokenSigner(SECRET, 60);
  const tokens = Array.from({ length: 1_100 }, (_, i) => signer.sign({ ...user, tokenVersion: i }));
  for (const token of tokens) t.truthy(signer.verify(token));
  t.like(signer.verify(tokens[0]!), { ver: 0 }, 'an evicted token is verified again, not refused');
});
