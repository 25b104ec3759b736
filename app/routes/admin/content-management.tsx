// Content Management (spec §2, master admin only): the tabs Pages, Navigation and Media Library.
// Pages: the CMS pages with search and a status filter, Create New Page, and the editor dialog
// (`?edit=<id>` or `?edit=new`, so the address says what is open and a reload keeps it). Every
// write goes through this route's action to `services.pages` in-process; toasts as spec §8 says.
// Navigation: Start Building Navigation stores today's menus, then the menu editor (features/content/navigation-editor).
// Media Library: the library's own page, linked.
import { href, Link, useSearchParams } from 'react-router';
import { CONTENT_TAB_LABELS, CONTENT_TABS, type ContentTab, PAGE_STATUS_LABELS } from '@shared/page-constants';
import type { PageSummary } from '@shared/page-views';
import { pageId, pageInput, pageListQuery, pageSave, pageSchedule, pageVersionBody, versionNumber } from '@shared/schemas/pages';
import { fieldErrors } from '@shared/field-errors';
import { isNavMenu, navMenuName, navMenuSave, type NavEditorView, type NavMenu } from '@shared/schemas/navigation';
import { formatUtc } from '@shared/staff-time';
import type { Route } from './+types/content-management';
import { ConfirmButton } from '~/components/admin-ui/editor';
import { buttonClass, type Column, DataTable, FilterSelect, PageHeader, Pagination, SearchBox } from '~/components/admin-ui/list';
import { actionError, refusal } from '~/lib/action-result';
import { isKind } from '~/lib/domain-error';
import { readBody } from '~/lib/admin-action.server';
import { requireMasterAdmin } from '~/lib/guards.server';
import { PageEditorDialog, PageState } from '~/features/content/page-editor';
import { MenuEditor, StartBuilding } from '~/features/content/navigation-editor';

export const meta: Route.MetaFunction = () => [{ title: 'Content Management · Frolic' }];

const HERE = href('/admin/dashboard/content-management');

function tabOf(url: URL): ContentTab {
  const tab = url.searchParams.get('tab');
  return (CONTENT_TABS as readonly string[]).includes(tab ?? '') ? (tab as ContentTab) : 'pages';
}

/** The list's address as it was (search, filter, sort, page), without the open dialog. */
function listAddress(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('edit');
  params.delete('index');
  const q = params.toString();
  return q ? `${HERE}?${q}` : HERE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireMasterAdmin(request, context);
  const url = new URL(request.url);
  const tab = tabOf(url);
  if (tab !== 'pages') {
    const navigation = tab === 'navigation' ? await context.services.navigation.editor() : null;
    return { tab, list: null, editing: null, creating: false, versions: [], closeTo: listAddress(url), navigation };
  }
  const parsed = pageListQuery.safeParse(Object.fromEntries(url.searchParams));
  const list = await context.services.pages.list(parsed.success ? parsed.data : pageListQuery.parse({}));
  const edit = url.searchParams.get('edit');
  const id = edit && edit !== 'new' ? pageId.safeParse(edit) : null;
  let editing = null;
  let versions: Awaited<ReturnType<typeof context.services.pages.versions>> = [];
  if (id?.success) {
    try {
      [editing, versions] = await Promise.all([context.services.pages.get(id.data), context.services.pages.versions(id.data)]);
    } catch (err) {
      // A page deleted meanwhile: the list, without a dialog.
      if (!isKind(err, 'not_found')) throw err;
    }
  }
  return { tab, list, editing, creating: edit === 'new', versions, closeTo: listAddress(url), navigation: null };
}

/** The fields of a refused form, or the parsed value. */
function check<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] }) {
  if (result.success) return { data: result.data };
  return { refused: actionError(400, { errors: fieldErrors(result.error), formError: 'Check the highlighted fields.', code: 'validation_failed' }) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMasterAdmin(request, context);
  const actor = context.auth.actor(user.id);
  const body = await readBody(request);
  const url = new URL(request.url);
  const back = listAddress(url);
  const pages = context.services.pages;
  const intent = String(body.intent ?? '');
  const id = body.id === undefined ? null : pageId.safeParse(body.id);
  if (id && !id.success) return actionError(404, { formError: 'This page no longer exists.', code: 'not_found' });
  const pageIdValue = id?.data ?? null;
  const stay = pageIdValue
    ? `${HERE}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(back.split('?')[1] ?? '')), edit: String(pageIdValue) })}`
    : back;

  let toast: { to: string; title: string; description?: string };
  try {
    switch (intent) {
      case 'save': {
        if (pageIdValue) {
          const c = check(pageSave.safeParse(body));
          if (c.refused) return c.refused;
          const saved = await pages.save(pageIdValue, c.data, actor);
          toast = { to: back, title: 'Page saved', description: `"${saved.title}" has been saved successfully.` };
        } else {
          const c = check(pageInput.safeParse(body));
          if (c.refused) return c.refused;
          const saved = await pages.create(c.data, actor);
          toast = { to: back, title: 'Page saved', description: `"${saved.title}" has been saved successfully.` };
        }
        break;
      }
      case 'publish': {
        if (pageIdValue) {
          const c = check(pageSave.safeParse(body));
          if (c.refused) return c.refused;
          const { version, ...input } = c.data;
          await pages.publish(pageIdValue, version, actor, input);
        } else {
          const c = check(pageInput.safeParse(body));
          if (c.refused) return c.refused;
          await pages.create(c.data, actor, { publish: true });
        }
        toast = { to: back, title: 'Page published' };
        break;
      }
      case 'delete': {
        const c = check(pageVersionBody.safeParse(body));
        if (c.refused || !pageIdValue) return c.refused ?? actionError(404, { formError: 'This page no longer exists.', code: 'not_found' });
        await pages.remove(pageIdValue, c.data.version, actor);
        toast = { to: back, title: 'Page deleted', description: 'The page has been deleted successfully.' };
        break;
      }
      case 'unpublish': {
        const c = check(pageVersionBody.safeParse(body));
        if (c.refused || !pageIdValue) return c.refused ?? actionError(404, { formError: 'This page no longer exists.', code: 'not_found' });
        const page = await pages.unpublish(pageIdValue, c.data.version, actor);
        toast = { to: stay, title: 'Page unpublished', description: `"${page.title}" is no longer on the site.` };
        break;
      }
      case 'schedule': {
        const c = check(pageSchedule.safeParse(body));
        if (c.refused || !pageIdValue) return c.refused ?? actionError(404, { formError: 'This page no longer exists.', code: 'not_found' });
        const page = await pages.schedule(pageIdValue, c.data.at, c.data.version, actor);
        toast = { to: stay, title: 'Publish scheduled', description: `Version ${page.scheduledN} of "${page.title}" goes live at ${formatUtc(c.data.at)}.` };
        break;
      }
      case 'cancel-schedule': {
        const c = check(pageVersionBody.safeParse(body));
        if (c.refused || !pageIdValue) return c.refused ?? actionError(404, { formError: 'This page no longer exists.', code: 'not_found' });
        await pages.cancelSchedule(pageIdValue, c.data.version, actor);
        toast = { to: stay, title: 'Schedule cancelled' };
        break;
      }
      case 'nav-seed': {
        await context.services.navigation.seed(actor);
        toast = { to: `${HERE}?tab=navigation`, title: 'Navigation ready', description: 'Today’s menus are stored: edit them here.' };
        break;
      }
      case 'nav-save': {
        const menu = navMenuName.safeParse(body.menu);
        if (!menu.success) return actionError(404, { formError: 'There is no such menu.', code: 'not_found' });
        const c = check(navMenuSave.safeParse(body));
        if (c.refused) return c.refused;
        const saved = await context.services.navigation.save(menu.data, c.data, actor);
        toast = { to: `${HERE}?tab=navigation&menu=${menu.data}`, title: 'Navigation saved', description: `The ${saved.label} menu has been saved.` };
        break;
      }
      case 'restore': {
        const c = check(pageVersionBody.extend({ n: versionNumber }).safeParse(body));
        if (c.refused || !pageIdValue) return c.refused ?? actionError(404, { formError: 'This page no longer exists.', code: 'not_found' });
        const page = await pages.restore(pageIdValue, c.data.n, c.data.version, actor);
        toast = {
          to: stay,
          title: 'Version restored',
          description: `Version ${c.data.n} is the draft again, as version ${page.draftN}. Publish it to show it on the site.`,
        };
        break;
      }
      default:
        return actionError(400, { formError: 'Unknown action.', code: 'validation_failed' });
    }
  } catch (err) {
    return refusal(err);
  }
  throw context.flash.redirectWithToast(toast.to, { title: toast.title, description: toast.description });
}

const STATUS_FILTER = PAGE_STATUS_LABELS;

function editHref(closeTo: string, id: number | 'new'): string {
  const [, query = ''] = closeTo.split('?');
  const params = new URLSearchParams(query);
  params.set('edit', String(id));
  return `${HERE}?${params.toString()}`;
}

function columns(closeTo: string): Column<PageSummary>[] {
  return [
    {
      key: 'title',
      label: 'Title',
      sortable: true,
      render: (p) => (
        <Link
          to={editHref(closeTo, p.id)}
          preventScrollReset
          className="font-medium text-ink underline decoration-stone-300 underline-offset-4 hover:text-brass"
        >
          {p.title}
        </Link>
      ),
    },
    {
      key: 'slug',
      label: 'Slug',
      sortable: true,
      render: (p) => (
        <span className="font-mono text-xs">
          /{p.slug}
          {p.publishedSlug && p.publishedSlug !== p.slug ? <span className="block text-stone-600">live at /{p.publishedSlug}</span> : null}
        </span>
      ),
    },
    { key: 'status', label: 'Status', render: (p) => <PageState page={p} /> },
    {
      key: 'updatedAt',
      label: 'Last updated',
      sortable: true,
      render: (p) => (
        <>
          {formatUtc(p.updatedAt)}
          {p.updatedBy ? <span className="block text-xs text-stone-600">by {p.updatedBy}</span> : null}
        </>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (p) => (
        <span className="flex flex-wrap gap-2">
          <Link to={editHref(closeTo, p.id)} preventScrollReset className={buttonClass.secondary} aria-label={`Edit ${p.title}`}>
            Edit
          </Link>
          {p.routePage ? null : <ConfirmButton intent="delete" label="Delete" question={`Delete “${p.title}”?`} fields={{ id: p.id, version: p.version }} />}
        </span>
      ),
    },
  ];
}

export default function ContentManagement({ loaderData }: Route.ComponentProps) {
  const { tab, list, editing, creating, versions, closeTo, navigation } = loaderData;
  return (
    <main id="main">
      <PageHeader title="Content Management" description="The brand’s pages, the site’s menus and its media library.">
        {tab === 'pages' ? (
          <Link to={editHref(closeTo, 'new')} preventScrollReset className={buttonClass.primary}>
            Create New Page
          </Link>
        ) : null}
      </PageHeader>
      <nav aria-label="Content Management" className="mb-6 flex gap-1 border-b border-stone-300">
        {CONTENT_TABS.map((t) => (
          <Link
            key={t}
            to={t === 'pages' ? HERE : `${HERE}?tab=${t}`}
            aria-current={tab === t ? 'page' : undefined}
            className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${tab === t ? 'border-stone-300 border-b-white bg-white text-ink' : 'border-transparent text-stone-700 hover:text-ink'}`}
          >
            {CONTENT_TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      {tab === 'pages' && list ? (
        <>
          <SearchBox label="Search pages" placeholder="Title or slug" owns={['status']}>
            <FilterSelect label="Status" name="status" options={STATUS_FILTER} />
          </SearchBox>
          <DataTable columns={columns(closeTo)} rows={list.items} rowKey={(p) => p.id} caption="Pages" empty="No pages match." />
          <Pagination page={list.page} pageSize={list.pageSize} total={list.total} />
          {editing || creating ? (
            <PageEditorDialog key={editing ? `${editing.id}:${editing.version}` : 'new'} page={editing} versions={versions} closeTo={closeTo} />
          ) : null}
        </>
      ) : null}
      {tab === 'navigation' && navigation ? <NavigationTab view={navigation} /> : null}
      {tab === 'media' ? <MediaTab /> : null}
    </main>
  );
}

/** The menus of the header and footer: Start Building Navigation while none is stored, then the editor. */
function NavigationTab({ view }: { view: NavEditorView }) {
  const [params] = useSearchParams();
  const wanted = params.get('menu') ?? '';
  const current: NavMenu = isNavMenu(wanted) ? wanted : 'header';
  const menu = view.menus.find((m) => m.menu === current)!;
  return (
    <section aria-labelledby="nav-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="nav-heading" className="font-serif text-2xl">
        Navigation
      </h2>
      {view.menus.some((m) => m.stored) ? (
        <>
          <p className="mt-2 text-stone-700">The links of the site’s header and footer. Saved changes show on the site at once.</p>
          <nav aria-label="Menus" className="mt-4 mb-4 flex flex-wrap gap-2">
            {view.menus.map((m) => (
              <Link
                key={m.menu}
                to={`${HERE}?tab=navigation&menu=${m.menu}`}
                preventScrollReset
                aria-current={m.menu === current ? 'page' : undefined}
                className={m.menu === current ? buttonClass.primary : buttonClass.secondary}
              >
                {m.label}
              </Link>
            ))}
          </nav>
          <MenuEditor key={`${menu.menu}:${menu.version}`} menu={menu} pages={view.pages} routes={view.routes} />
        </>
      ) : (
        <StartBuilding menus={view.menus} />
      )}
    </section>
  );
}

/** The media library lives on its own page. */
function MediaTab() {
  return (
    <section aria-labelledby="media-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="media-heading" className="font-serif text-2xl">
        Media Library
      </h2>
      <p className="mt-2 text-stone-700">
        Upload, browse and search images and documents, edit their alt text, and see where each is used. Images in a published page are public; a file in use
        cannot be deleted.
      </p>
      <Link to={href('/admin/dashboard/media')} className={`${buttonClass.primary} mt-4`}>
        Open Media Manager
      </Link>
    </section>
  );
}
