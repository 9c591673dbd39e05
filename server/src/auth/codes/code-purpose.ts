/**
 * What a code proves: control of an account's address ('verify'), a password reset ('reset'),
 * or control of the new address a member asked to move their account to ('email-change').
 */
export type CodePurpose = 'verify' | 'reset' | 'email-change';
