/**
 * The admin user list (spec §2): e-mail, names, date created, enabled; search, paging; a drawer
 * to view, add or edit a user; a row menu to delete (disable) or restore.
 */
import { CloseButton, EmptyRow } from "@/components/Buttons.tsx";
import { useEffect, useState } from "react";
import { useDialog } from "@/lib/client/dialog.ts";
import { useT } from "@/lib/i18n/context.ts";
import { ApiError, del, get, post, put } from "@/lib/client/api.ts";
import { toastError, toastSuccess } from "@/lib/client/toast.ts";
import { fieldErrors } from "@/lib/client/form.ts";
import { FormField } from "@/components/FormField.tsx";
import RegisterUserForm from "@/islands/RegisterUserForm.tsx";
import { normalizeMobileInput, profileUpdateSchema, type PublicUser } from "@/lib/domain/user.ts";
import { ROLES } from "@/lib/domain/statuses.ts";
import { Pagination } from "@/components/Pagination.tsx";
import type { ComponentChildren } from "preact";
import { ApiTokens } from "@/islands/users/ApiTokens.tsx";

export interface UserListProps {
  currentUserId: string;
  loginUrl: string;
  copyTemplate: string;
}

type Drawer =
  | { mode: "view"; user: PublicUser }
  | { mode: "edit"; user: PublicUser & { version?: string } }
  | { mode: "add" }
  | null;

function formatDate(iso: string): string {
  return iso ? iso.slice(0, 10) : "";
}

export default function UserList(p: UserListProps) {
  const t = useT();
  const [rows, setRows] = useState<PublicUser[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const [query, setQuery] = useState("");
  const [menu, setMenu] = useState<string | null>(null);
  const [drawer, setDrawer] = useState<Drawer>(null);
  const [loaded, setLoaded] = useState(false);
  useDialog(drawer !== null, () => setDrawer(null));

  const load = async () => {
    try {
      const { data } = await get<{ result: PublicUser[]; total: number }>("/api/admin/users/", {
        query: { page, perPage, term: query.trim().toLowerCase() },
      });
      setRows(data.result);
      setTotal(data.total);
    } catch { /* spec §8: failed list loads are ignored */ }
    setLoaded(true);
  };
  useEffect(() => {
    load();
  }, [page, perPage, query]);

  const openEdit = async (u: PublicUser) => {
    setMenu(null);
    try {
      const { data } = await get<PublicUser & { version: string }>(`/api/users/${u.id}`);
      setDrawer({ mode: "edit", user: data });
    } catch (e) {
      toastError(e instanceof ApiError ? e.message : t("common.unknownError"));
    }
  };

  return (
    <div data-testid="user-list">
      <UserSearch
        onSearch={(term) => {
          setPage(1);
          setQuery(term);
        }}
        onAdd={() => setDrawer({ mode: "add" })}
      />

      <div class="card overflow-x-auto">
        <table class="table" data-testid="user-table">
          <UserHead />
          <tbody>
            {rows.map((u) => (
              <UserRow
                key={u.id}
                user={u}
                self={u.id === p.currentUserId}
                menuOpen={menu === u.id}
                onMenu={() => setMenu(menu === u.id ? null : u.id)}
                onView={() => setDrawer({ mode: "view", user: u })}
                onEdit={() => openEdit(u)}
                onToggle={(kind) => {
                  setMenu(null);
                  toggleUser(t, u, kind, load);
                }}
                onResend={() => {
                  setMenu(null);
                  resendVerification(t, u);
                }}
              />
            ))}
            {loaded && rows.length === 0 && <EmptyRow colSpan={6}>{t("users.empty")}</EmptyRow>}
          </tbody>
        </table>
      </div>

      <Pagination
        page={page}
        size={perPage}
        total={total}
        framed={false}
        onPage={setPage}
        onSize={(n) => {
          setPerPage(n);
          setPage(1);
        }}
      />

      {drawer && (
        <UserDrawer mode={drawer.mode} onClose={() => setDrawer(null)}>
          {drawer.mode === "add" && (
            <RegisterUserForm
              role={null}
              loginUrl={p.loginUrl}
              copyTemplate={p.copyTemplate}
              onDone={() => load()}
            />
          )}
          {drawer.mode === "view" && (
            <UserView
              user={drawer.user}
              onEdit={() => openEdit(drawer.user)}
            />
          )}
          {drawer.mode === "edit" && (
            <UserEdit
              user={drawer.user}
              onSaved={() => {
                setDrawer(null);
                load();
              }}
            />
          )}
        </UserDrawer>
      )}
    </div>
  );
}

/** Delete (disable) or restore a user after the admin confirms; then `reload`. */
async function toggleUser(
  t: (k: string, vars?: Record<string, unknown>) => string,
  u: PublicUser,
  kind: "delete" | "restore",
  reload: () => Promise<void>,
) {
  const [confirmKey, done, failed] = kind === "delete"
    ? ["users.confirmDelete", "users.deleted", "users.deleteError"]
    : ["users.confirmRestore", "users.restored", "users.restoreError"];
  if (!confirm(t(confirmKey, { email: u.email }))) return;
  try {
    if (kind === "delete") await del(`/api/admin/users/${u.id}`);
    else await put(`/api/admin/users/restore/${u.id}`);
    toastSuccess(t(done));
    await reload();
  } catch (e) {
    toastError(e instanceof ApiError && e.message ? e.message : t(failed));
  }
}

/** Sends a user awaiting verification a new link (the mail goes out at once, or waits in the outbox). */
async function resendVerification(
  t: (k: string, vars?: Record<string, unknown>) => string,
  u: PublicUser,
) {
  try {
    await post(`/api/admin/users/${u.id}/verification-email`);
    toastSuccess(t("users.verificationSent", { email: u.email }));
  } catch (e) {
    toastError(e instanceof ApiError && e.message ? e.message : t("common.unknownError"));
  }
}

/** The search box (Enter or Search) and the Add button above the list. */
function UserSearch({ onSearch, onAdd }: { onSearch: (term: string) => void; onAdd: () => void }) {
  const t = useT();
  const [term, setTerm] = useState("");
  return (
    <div class="mb-3 flex flex-wrap items-center gap-2">
      <form
        class="flex flex-1 gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(term);
        }}
      >
        <input
          class="input max-w-xs"
          type="search"
          placeholder={t("users.search")}
          aria-label={t("users.search")}
          value={term}
          data-testid="user-search"
          onInput={(e) => setTerm((e.target as HTMLInputElement).value)}
        />
        <button type="submit" class="btn btn-secondary">{t("common.search")}</button>
      </form>
      <button type="button" class="btn btn-primary" onClick={onAdd} data-testid="user-add">
        + {t("users.add")}
      </button>
    </div>
  );
}

function UserHead() {
  const t = useT();
  return (
    <thead>
      <tr>
        <th>{t("users.columns.email")}</th>
        <th>{t("users.columns.firstName")}</th>
        <th class="hidden sm:table-cell">{t("users.columns.lastName")}</th>
        <th class="hidden md:table-cell">{t("users.columns.dateCreated")}</th>
        <th>{t("users.columns.enabled")}</th>
        <th class="w-10">
          <span class="sr-only">{t("common.actions")}</span>
        </th>
      </tr>
    </thead>
  );
}

const MENU_ITEM = "block w-full px-3 py-1.5 text-left text-sm";

function UserRow(
  { user: u, self, menuOpen, onMenu, onView, onEdit, onToggle, onResend }: {
    user: PublicUser;
    /** Send a new verification e-mail (users awaiting verification). */
    onResend: () => void;
    /** The signed-in admin's own row: it cannot be deleted. */
    self: boolean;
    menuOpen: boolean;
    onMenu: () => void;
    onView: () => void;
    onEdit: () => void;
    onToggle: (kind: "delete" | "restore") => void;
  },
) {
  const t = useT();
  return (
    <tr class={u.enabled ? "" : "text-slate-400"} data-testid="user-row">
      <td class="max-w-[14rem] truncate">
        <button type="button" class="text-left text-brand-700 hover:underline" onClick={onView}>
          {u.email}
        </button>
      </td>
      <td>{u.firstName}</td>
      <td class="hidden sm:table-cell">{u.lastName}</td>
      <td class="hidden md:table-cell">{formatDate(u.dateCreated)}</td>
      <td>
        <span
          class={`rounded px-1.5 py-0.5 text-xs font-medium ${
            u.enabled ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-600"
          }`}
        >
          {u.enabled ? t("users.enabledYes") : t("users.enabledNo")}
        </span>
        {u.enabled && !u.emailVerified && (
          <span
            class="ml-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
            data-testid="user-unverified"
          >
            {t("users.awaitingVerification")}
          </span>
        )}
      </td>
      <td class="relative">
        <button
          type="button"
          class="btn btn-ghost px-2"
          aria-label={t("users.rowMenu")}
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          data-testid="user-row-menu"
          onClick={onMenu}
        >
          ⋮
        </button>
        {menuOpen && (
          <div
            role="menu"
            class="absolute right-2 z-20 mt-1 w-40 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            <button
              type="button"
              role="menuitem"
              class={`${MENU_ITEM} hover:bg-slate-100`}
              onClick={onEdit}
            >
              {t("common.edit")}
            </button>
            {u.enabled && !u.emailVerified && (
              <button
                type="button"
                role="menuitem"
                class={`${MENU_ITEM} hover:bg-slate-100`}
                onClick={onResend}
                data-testid="user-resend-verification"
              >
                {t("users.resendVerification")}
              </button>
            )}
            {u.enabled
              ? (
                <button
                  type="button"
                  role="menuitem"
                  class={`${MENU_ITEM} text-red-700 hover:bg-red-50 disabled:opacity-40`}
                  disabled={self}
                  title={self ? t("users.cannotDeleteSelf") : ""}
                  onClick={() => onToggle("delete")}
                  data-testid="user-delete"
                >
                  {t("users.delete")}
                </button>
              )
              : (
                <button
                  type="button"
                  role="menuitem"
                  class={`${MENU_ITEM} hover:bg-slate-100`}
                  onClick={() => onToggle("restore")}
                  data-testid="user-restore"
                >
                  {t("users.restore")}
                </button>
              )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** The side drawer that views, adds or edits a user. */
function UserDrawer(
  { mode, onClose, children }: {
    mode: "view" | "edit" | "add";
    onClose: () => void;
    children: ComponentChildren;
  },
) {
  const t = useT();
  const title = mode === "add"
    ? "users.drawer.addTitle"
    : mode === "edit"
    ? "users.drawer.editTitle"
    : "users.drawer.viewTitle";
  return (
    <div class="fixed inset-0 z-40 flex justify-end bg-black/30" onClick={onClose}>
      <div
        class="h-full w-full max-w-lg overflow-y-auto bg-white p-5 shadow-xl"
        role="dialog"
        aria-modal="true"
        data-testid={`drawer-${mode}`}
        onClick={(e) => e.stopPropagation()}
      >
        <div class="mb-4 flex items-center justify-between">
          <h2 class="text-lg font-bold">{t(title)}</h2>
          <CloseButton onClose={onClose} />
        </div>
        {children}
      </div>
    </div>
  );
}

function UserView({ user, onEdit }: { user: PublicUser; onEdit: () => void }) {
  const t = useT();
  const rows: [string, string][] = [
    [t("users.columns.email"), user.email],
    [t("users.columns.firstName"), user.firstName],
    [t("users.columns.lastName"), user.lastName],
    [t("common.mobile"), user.mobile],
    [t("users.columns.role"), t(`roles.${user.role}`)],
    [t("users.columns.dateCreated"), formatDate(user.dateCreated)],
    [t("users.columns.enabled"), user.enabled ? t("users.enabledYes") : t("users.enabledNo")],
  ];
  return (
    <div>
      <dl class="divide-y divide-slate-100 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} class="grid grid-cols-3 gap-2 py-2">
            <dt class="font-medium text-slate-500">{k}</dt>
            <dd class="col-span-2 break-words">{v}</dd>
          </div>
        ))}
      </dl>
      <button type="button" class="btn btn-primary mt-4" onClick={onEdit} data-testid="drawer-edit">
        {t("common.edit")}
      </button>
      <ApiTokens userId={user.id} />
    </div>
  );
}

function UserEdit(
  { user, onSaved }: { user: PublicUser & { version?: string }; onSaved: () => void },
) {
  const t = useT();
  const [v, setV] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobile: user.mobile,
    role: user.role as string,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async (ev: Event) => {
    ev.preventDefault();
    const body = { ...v, version: user.version };
    const parsed = profileUpdateSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, t));
    setBusy(true);
    try {
      await put(`/api/users/${user.id}`, parsed.data);
      toastSuccess(t("users.saved"));
      onSaved();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e.fields);
      toastError(e instanceof ApiError && e.message ? e.message : t("users.saveError"));
      setBusy(false);
    }
  };
  const field = (k: "firstName" | "lastName" | "email" | "mobile", type = "text") => (
    <FormField
      label={t(`register.${k}`)}
      name={`edit-${k}`}
      type={type}
      value={v[k]}
      error={errors[k]}
      onInput={(e) => {
        const raw = (e.target as HTMLInputElement).value;
        setV({ ...v, [k]: k === "mobile" ? normalizeMobileInput(raw) : raw });
      }}
    />
  );
  return (
    <form onSubmit={save} noValidate data-testid="user-edit-form">
      {field("firstName")}
      {field("lastName")}
      {field("email", "email")}
      {field("mobile", "tel")}
      <div class="mb-3">
        <label class="label" for="f-edit-role">{t("register.role")}</label>
        <select
          id="f-edit-role"
          class="input"
          value={v.role}
          onChange={(e) => setV({ ...v, role: (e.target as HTMLSelectElement).value })}
        >
          {ROLES.map((r) => <option key={r} value={r}>{t(`roles.${r}`)}</option>)}
        </select>
        {errors.role && <p class="field-error">{errors.role}</p>}
      </div>
      <button type="submit" class="btn btn-primary" disabled={busy} data-testid="user-save">
        {t("common.save")}
      </button>
    </form>
  );
}
