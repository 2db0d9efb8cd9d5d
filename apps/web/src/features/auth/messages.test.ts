import { describe, it, expect } from 'vitest';
import { ApiRequestError, DEFAULT_ERROR, STATUS_MESSAGES } from '../../lib/api-client.ts';
import { accountErrorMessage } from './messages.ts';

describe('accountErrorMessage', () => {
  it("shows the server's message", () => {
    expect(accountErrorMessage(new ApiRequestError(401, 'User is not active'), 'Invalid email / password')).toBe('User is not active');
    expect(accountErrorMessage(new ApiRequestError(422, STATUS_MESSAGES[422]), 'x')).toBe('A User with same email already exist.');
  });
  it('falls back to the screen text for generic or unknown failures', () => {
    expect(accountErrorMessage(new ApiRequestError(500, DEFAULT_ERROR), 'Something went wrong. please try again')).toBe(
      'Something went wrong. please try again',
    );
    expect(accountErrorMessage(new ApiRequestError(401, STATUS_MESSAGES[401]), 'Invalid email / password')).toBe(
      'Invalid email / password',
    );
    expect(accountErrorMessage(new TypeError('boom'), 'Invalid email / password')).toBe('Invalid email / password');
  });
});
