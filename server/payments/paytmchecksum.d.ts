// Types for Paytm's checksum package (plain JavaScript, no published types): only what the adapter uses.
declare module 'paytmchecksum' {
  const PaytmChecksum: {
    iv: string;
    generateSignature(params: Record<string, string> | string, key: string): Promise<string>;
    verifySignature(params: Record<string, string> | string, key: string, checksum: string): boolean;
    getStringByParams(params: Record<string, string>): string;
    calculateHash(params: string, salt: string): string;
  };
  export default PaytmChecksum;
}
