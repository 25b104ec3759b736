// The Code Editor over JSON (issue 20, master admin only): the state, files and the user's edits,
// View Changes, commit, history and View Diff, revert, branches, deploy (with a step-up) and the
// editor settings. The screen (/admin/dashboard/code-editor) calls these from the browser.
import { type Request, type Response, Router } from 'express';
import {
  commitBody,
  commitId,
  createBranchBody,
  deployBody,
  fileQuery,
  historyQuery,
  saveFileBody,
  settingsBody,
  switchBranchBody,
} from '../../../shared/schemas/code';
import { parse, parseIdOr404 } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import { actorOf } from '../../http/actor';
import type { Services } from '../../services';

export function codeApi(services: Services): Router {
  const router = Router();
  const master = requireApi(services, { masterAdmin: true });
  const noStore = (_req: Request, res: Response, next: () => void) => {
    res.setHeader('Cache-Control', 'private, no-store');
    next();
  };
  const code = services.code;
  const editor = async (req: Request) => (await currentUser(services, req))!;

  router.get('/admin/code', master, noStore, async (req, res) => {
    res.json(await code.state(await editor(req)));
  });

  router.get('/admin/code/file', master, noStore, async (req, res) => {
    const { path } = parse(fileQuery, req.query);
    res.json(await code.openFile(await editor(req), path));
  });

  router.put('/admin/code/file', master, noStore, async (req, res) => {
    const input = parse(saveFileBody, req.body);
    res.json(await code.saveFile(await editor(req), input));
  });

  router.delete('/admin/code/file', master, noStore, async (req, res) => {
    const { path } = parse(fileQuery, req.query);
    res.json(await code.discardFile(await editor(req), path));
  });

  router.get('/admin/code/changes', master, noStore, async (req, res) => {
    res.json({ files: await code.changes(await editor(req)) });
  });

  router.post('/admin/code/commit', master, noStore, async (req, res) => {
    const input = parse(commitBody, req.body);
    const u = await editor(req);
    res.status(201).json({ commit: await code.commit(u, input, actorOf(req, u.id)) });
  });

  router.get('/admin/code/history', master, noStore, async (req, res) => {
    const { from } = parse(historyQuery, req.query);
    res.json(await code.history(await editor(req), from));
  });

  router.get('/admin/code/commits/:oid', master, noStore, async (req, res) => {
    const oid = parseIdOr404(commitId, req.params.oid, 'Commit');
    res.json(await code.commitDiff(oid));
  });

  router.post('/admin/code/commits/:oid/revert', master, noStore, async (req, res) => {
    const oid = parseIdOr404(commitId, req.params.oid, 'Commit');
    const u = await editor(req);
    res.status(201).json({ commit: await code.revert(u, oid, actorOf(req, u.id)) });
  });

  router.get('/admin/code/branches', master, noStore, async (req, res) => {
    res.json({ branches: await code.branches(await editor(req)) });
  });

  router.post('/admin/code/branches', master, noStore, async (req, res) => {
    const input = parse(createBranchBody, req.body);
    const u = await editor(req);
    res.status(201).json(await code.createBranch(u, input, actorOf(req, u.id)));
  });

  router.put('/admin/code/branch', master, noStore, async (req, res) => {
    const { name } = parse(switchBranchBody, req.body);
    res.json(await code.switchBranch(await editor(req), name));
  });

  router.post('/admin/code/deploy', master, noStore, async (req, res) => {
    const input = parse(deployBody, req.body);
    const u = await editor(req);
    res.status(201).json({ deployment: await code.deploy(u, input, actorOf(req, u.id)) });
  });

  router.get('/admin/code/deployments', master, noStore, async (_req, res) => {
    res.json({ deployments: await code.deployments() });
  });

  router.get('/admin/code/settings', master, noStore, async (req, res) => {
    res.json({ settings: await code.settings(await editor(req)) });
  });

  router.put('/admin/code/settings', master, noStore, async (req, res) => {
    const input = parse(settingsBody, req.body);
    res.json({ settings: await code.saveSettings(await editor(req), input) });
  });

  return router;
}
