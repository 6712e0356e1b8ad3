import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress, isLoopbackAddress } from './blocked-address';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '[::1]',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '0.1.2.3',
    '100.127.255.254',
    '192.0.0.170',
    '192.0.2.2',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.7',
    '203.0.113.200',
    '240.0.0.1',
    '::ffff:192.0.2.2',
    '::ffff:203.0.113.9',
    '64:ff9b::c000:202',
    '64:ff9b::cb00:7109',
    '2001:db8::1',
    '64:ff9b:1::7f00:1',
    '64:ff9b:1:7f00:1::',
    '2001:0db8:ffff::5',
    '[2001:db8::1]',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '192.0.3.1',
    '198.20.0.1',
    '198.51.101.1',
    '203.0.114.1',
    '223.255.255.255',
    '2001:db9::1',
  ])('lets %s through', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it("blocks every address of this machine's own interfaces, and their IPv4-mapped forms", () => {
    const own = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
    expect(own.length).toBeGreaterThan(0);
    for (const { address, family } of own) {
      expect(isBlockedAddress(address), address).toBe(true);
      if (family === 'IPv4') expect(isBlockedAddress(`::ffff:${address}`), address).toBe(true);
    }
  });

  it('blocks a public address once it is bound to one of the interfaces', () => {
    const info = { netmask: '', mac: '00:00:00:00:00:00', internal: false, cidr: null };
    const table = () => ({
      eth0: [
        { ...info, address: '93.184.215.14', family: 'IPv4' as const },
        { ...info, address: '2606:4700:0::1111', family: 'IPv6' as const, scopeid: 0 },
      ],
    });
    for (const address of ['93.184.215.14', '::ffff:93.184.215.14', '::ffff:5db8:d70e', '64:ff9b::5db8:d70e'])
      expect(isBlockedAddress(address, table), address).toBe(true);
    expect(isBlockedAddress('2606:4700::1111', table)).toBe(true);
    expect(isBlockedAddress('[2606:4700:0:0::1111]', table)).toBe(true);
    expect(isBlockedAddress('93.184.215.15', table)).toBe(false);
    expect(isBlockedAddress('2606:4700::1112', table)).toBe(false);
    expect(isBlockedAddress('93.184.215.14', () => ({}))).toBe(false);
  });

  it('is false for names, which the DNS hook checks', () => {
    expect(isBlockedAddress('localhost')).toBe(false);
  });
});

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])('%s is loopback', (a) => {
    expect(isLoopbackAddress(a)).toBe(true);
  });
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '192.168.1.1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    'localhost',
  ])('%s is not', (a) => {
    expect(isLoopbackAddress(a)).toBe(false);
  });
});
