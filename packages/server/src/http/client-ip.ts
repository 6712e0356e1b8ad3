/** The header the server itself sets from the socket address, replacing any value a client sent. */
export const CLIENT_IP_HEADER = 'x-flowmind-client-ip';
