/** What a code proves: control of an account's address ('verify') or a password reset ('reset'). */
export type CodePurpose = 'verify' | 'reset';
