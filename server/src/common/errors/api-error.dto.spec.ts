/** @nestjs/swagger's metadata key for @ApiResponse (DECORATORS.API_RESPONSE). */
const API_RESPONSE = 'swagger/apiResponse';
import { ApiErrors } from './api-error.dto';

function responsesOf(target: object, method: string) {
  const descriptor = Object.getOwnPropertyDescriptor(target, method)!;
  return Reflect.getMetadata(API_RESPONSE, descriptor.value) as Record<string, { description: string }>;
}

describe('ApiErrors', () => {
  it('lists each code under its status from the ERRORS table, codes of one status together', () => {
    class Probe {
      @ApiErrors(
        'VALIDATION_ERROR naming the field',
        'EMAIL_TAKEN (redirectToReset: true)',
        'CHALLENGE_INVALID',
        'REGISTER_RATE_LIMITED',
      )
      register() {}
    }
    const responses = responsesOf(Probe.prototype, 'register');
    expect(Object.keys(responses).sort()).toEqual(['400', '409', '429']);
    expect(responses['400'].description).toBe('VALIDATION_ERROR naming the field, CHALLENGE_INVALID');
    expect(responses['409'].description).toBe('EMAIL_TAKEN (redirectToReset: true)');
    expect(responses['429'].description).toBe('REGISTER_RATE_LIMITED');
  });

  it('refuses a documented error that does not start with a known code', () => {
    expect(() => ApiErrors('NOT_A_CODE' as never)).toThrow(/does not start with an error code/);
  });
});
