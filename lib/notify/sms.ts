/**
 * SMS through a generic HTTP gateway: POST {to, from, message} as JSON to SMS_URL with
 * `Authorization: Bearer SMS_TOKEN`. Most Swedish gateways take this shape or a thin adapter.
 */
export interface SmsMessage {
  to: string;
  message: string;
}

export async function sendHttpSms(
  cfg: { smsUrl: string; smsToken?: string; smsFrom: string },
  m: SmsMessage,
): Promise<void> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (cfg.smsToken) headers.Authorization = `Bearer ${cfg.smsToken}`;
  const res = await fetch(cfg.smsUrl, {
    method: "POST",
    headers,
    body: JSON.stringify({ to: m.to.replace(/\s+/g, ""), from: cfg.smsFrom, message: m.message }),
    signal: AbortSignal.timeout(15_000),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
}
