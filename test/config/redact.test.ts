import test from 'ava';
import { redactCredentials } from '../../src/config/redact.ts';

test('passwords in URLs of a command line become ***, the rest stays', (t) => {
  t.is(
    redactCredentials('/usr/bin/feedbackd serve --smtp-url smtp://me:s3cr%40t@mail.example.org:587 --port 3000'),
    '/usr/bin/feedbackd serve --smtp-url smtp://me:***@mail.example.org:587 --port 3000',
  );
  t.is(redactCredentials('serve --database=postgres://board:pw@db/board?sslmode=require'), 'serve --database=postgres://board:***@db/board?sslmode=require');
  t.is(redactCredentials('postgres://db/board?user=x&password=pw&sslmode=require'), 'postgres://db/board?user=x&password=***&sslmode=require');
  t.is(redactCredentials('smtp://only-user@mail.example.org serve'), 'smtp://only-user@mail.example.org serve');
  t.is(redactCredentials('feedbackd serve --data /var/lib/feedbackd'), 'feedbackd serve --data /var/lib/feedbackd');
});
