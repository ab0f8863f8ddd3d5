// Limits the console-access pages share with the protocol (validation/console-access/).
/** A passkey's name: PasskeyVerifyBodyStruct takes up to 60 characters. */
export const PASSKEY_NAME_MAX = 60;
