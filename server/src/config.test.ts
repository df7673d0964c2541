import { describe, expect, it } from 'vitest';
import { loadConfig, parseDuration } from './config';

describe('configuration', () => {
  it('parses durations', () => {
    expect(parseDuration('12h')).toBe(43_200);
    expect(parseDuration('30m')).toBe(1_800);
    expect(parseDuration('90')).toBe(90);
    expect(() => parseDuration('soon')).toThrow(/Invalid duration/);
  });

  it('has the defaults the README names', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(config.appTimezone).toBe('UTC');
    expect(config.statementTimeoutMs).toBe(30_000);
    expect(loadConfig({ STATEMENT_TIMEOUT: '2m' }).statementTimeoutMs).toBe(120_000);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid PORT/);
  });
});
