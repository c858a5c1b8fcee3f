// Types for Paytm's checksum package (plain JavaScript, no published types): only what the adapter uses.
declare module 'paytmchecksum' {
  export default class PaytmChecksum {
    static iv: string;
    static generateSignature(params: Record<string, string> | string, key: string): Promise<string>;
    static verifySignature(params: Record<string, string> | string, key: string, checksum: string): boolean;
    static getStringByParams(params: Record<string, string>): string;
    static calculateHash(params: string, salt: string): string;
  }
}
