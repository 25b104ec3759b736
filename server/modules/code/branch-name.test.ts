// (shared/branch-name.ts, tested here: the test runs the git binary, which shared/ code may not import.)
// Branch names as git judges them: the names git reserves (HEAD, config, refs/heads/x), each of
// `git check-ref-format --branch`'s rules, and random names checked against the real git binary.
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchFormatProblem, branchNameProblem } from '../../../shared/branch-name';
import { createBranchBody } from '../../../shared/schemas/code';

/** Does `git check-ref-format --branch` accept the name? */
function gitAccepts(name: string): boolean {
  try {
    execFileSync('git', ['check-ref-format', '--branch', name], { cwd: tmpdir(), stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('branch names', () => {
  it('refuses the names git reserves or reads as another ref (they used to be accepted)', () => {
    for (const name of ['HEAD', 'head', 'FETCH_HEAD', 'ORIG_HEAD', 'MERGE_HEAD', 'CHERRY_PICK_HEAD', 'config', 'Config', 'objects', 'packed-refs', '@']) {
      expect(branchNameProblem(name), name).toBe(`"${name}" is a name git reserves: choose another.`);
      expect(createBranchBody.safeParse({ name }).success, name).toBe(false);
    }
    for (const name of ['refs/heads/x', 'refs/tags/v1', 'heads/x', 'tags/v1', 'remotes/origin/main'])
      expect(branchNameProblem(name), name).toMatch(/^A branch name cannot start with "[a-z]+\/": git would read it as another kind of name\.$/);
    // A reserved word inside a name is fine.
    for (const name of ['feature/head', 'ahead', 'configure', 'my-refs/x', 'main', 'feature/autumn-colours', 'release/2030.1', 'café'])
      expect(branchNameProblem(name), name).toBeNull();
  });

  it('applies each of git check-ref-format’s rules, with a sentence for each', () => {
    const cases: [string, string][] = [
      ['', 'Enter a branch name.'],
      ['a'.repeat(61), 'At most 60 characters.'],
      ['two words', 'A branch name cannot contain spaces or invisible characters.'],
      ['tab\there', 'A branch name cannot contain spaces or invisible characters.'],
      ['del\x7f', 'A branch name cannot contain spaces or invisible characters.'],
      ['zero\u200bwidth', 'A branch name cannot contain spaces or invisible characters.'],
      ['right\u202eleft', 'A branch name cannot contain spaces or invisible characters.'],
      ['a~1', 'A branch name cannot contain "~".'],
      ['a^', 'A branch name cannot contain "^".'],
      ['a:b', 'A branch name cannot contain ":".'],
      ['a?', 'A branch name cannot contain "?".'],
      ['a*', 'A branch name cannot contain "*".'],
      ['a[b', 'A branch name cannot contain "[".'],
      ['a\\b', 'A branch name cannot contain "\\".'],
      ['-x', 'A branch name cannot start with "-".'],
      ['a..b', 'A branch name cannot contain "..".'],
      ['a@{1}', 'A branch name cannot contain "@{".'],
      ['@{-1}', 'A branch name cannot contain "@{".'],
      ['/a', 'Separate the words of a branch name with single slashes, with none at the start or the end.'],
      ['a/', 'Separate the words of a branch name with single slashes, with none at the start or the end.'],
      ['a//b', 'Separate the words of a branch name with single slashes, with none at the start or the end.'],
      ['.a', 'No part of a branch name (between slashes) can start with ".".'],
      ['a/.b', 'No part of a branch name (between slashes) can start with ".".'],
      ['a.lock', 'No part of a branch name (between slashes) can end with ".lock".'],
      ['a.lock/b', 'No part of a branch name (between slashes) can end with ".lock".'],
      ['a.', 'A branch name cannot end with ".".'],
    ];
    for (const [name, message] of cases) {
      expect(branchNameProblem(name), JSON.stringify(name)).toBe(message);
      // The git binary agrees (a name longer than ours, or with an invisible character git allows, is ours alone).
      if (name.length <= 60 && !/[\u200b\u202e]/.test(name)) expect(gitAccepts(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('agrees with the real `git check-ref-format --branch` on random names', () => {
    // Letters and the characters git's rules are about; no NUL (an argument cannot hold one) and no
    // non-ASCII invisible characters (we refuse them, git does not).
    const unit = fc.constantFrom(...'abZ09-_./@{}~^:?*[\\ \t\x01\x7flockHEADé'.split(''), '.lock', '..', '@{', '//');
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 12 }), (name) => {
        const git = gitAccepts(name);
        // Git's format rules exactly (git's --branch refuses HEAD too: ours does among the reserved names).
        expect(branchFormatProblem(name) === null, JSON.stringify(name)).toBe(git || name === 'HEAD');
        if (branchNameProblem(name) === null) expect(git, JSON.stringify(name)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
