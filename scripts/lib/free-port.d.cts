/** A TCP port nobody listens on right now. */
export declare function freePort(host?: string): Promise<number>;
/** True when `port` can be bound on `host`, i.e. nothing listens there. */
export declare function portIsFree(port: number, host?: string): Promise<boolean>;
