/**
 * /verify-email: a button applies the verification code, then goes to /login (spec §4), which says
 * the address is confirmed; before hydration the same button posts the form to POST /verify-email.
 */
import { useState } from "react";
import { useT } from "@/lib/i18n/context.ts";
import { post } from "@/lib/client/api.ts";

export default function VerifyEmailAction({ oobCode }: { oobCode: string }) {
  const t = useT();
  const [state, setState] = useState<"idle" | "busy" | "done" | "invalid">(
    oobCode ? "idle" : "invalid",
  );

  const apply = async () => {
    setState("busy");
    try {
      await post("/api/auth/verify-email", { oobCode }, { noAuthRetry: true });
      setState("done");
      // The sign-in page says it too (after the redirect, the message here is gone).
      setTimeout(() => (location.href = "/login?verified=1"), 1500);
    } catch {
      // Spec §8: an invalid action code shows a message and goes to /.
      setState("invalid");
      setTimeout(() => (location.href = "/"), 3000);
    }
  };

  if (state === "done") {
    return (
      <p
        class="rounded-md bg-green-50 p-3 text-sm text-green-800"
        role="status"
        data-testid="verify-done"
      >
        {t("verifyEmail.success")}
      </p>
    );
  }
  if (state === "invalid") {
    return (
      <p
        class="rounded-md bg-red-50 p-3 text-sm text-red-800"
        role="alert"
        data-testid="verify-invalid"
      >
        {t("verifyEmail.invalidActionCode")}
      </p>
    );
  }
  // A plain form too: before the island hydrates, POST /verify-email applies the code.
  return (
    <form
      method="post"
      action="/verify-email"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <p class="mb-4 text-sm text-slate-600">{t("verifyEmail.text")}</p>
      <input type="hidden" name="oobCode" value={oobCode} />
      <button
        type="submit"
        class="btn btn-primary w-full py-2"
        disabled={state === "busy"}
        data-testid="verify-submit"
      >
        {t("verifyEmail.submit")}
      </button>
    </form>
  );
}
