/* A plain C measuring stick for sub-anagrams with blanks (benchmarks/bench_wordstudy.py builds and runs it).
 *
 * The same walk as ../shared/anchors/native_ref.c measures without blanks (a trie of alphagrams,
 * depth-first with letter counts, words of MIN_LEN to 9 letters A-Z), written here with blanks:
 * at each node a child's letter is taken from the rack when the rack holds it, else from a blank
 * when one is left. A node's key is a sorted string, so the walk reaches it once, using the fewest
 * blanks; every word of a node it reaches counts once.
 *
 *     cc -O2 -o native_blanks native_blanks.c
 *     ./native_blanks WORDLIST RACKFILE REPEAT MIN_LEN MAX_LEN
 *     # racks: one a line, A-Z and '?'; prints: words=... racks=... outputs=... ns_per_query=...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { int child[26]; int nwords; } Node;
static Node *nodes;
static int nn = 1, cap = 1 << 16;
static int cnt[26], blanks, min_len, max_len;
static long found;

static int add_node(void) {
    if (nn == cap) {
        cap *= 2;
        nodes = realloc(nodes, sizeof(Node) * cap);
        if (!nodes) { perror("realloc"); exit(1); }
    }
    memset(&nodes[nn], 0, sizeof(Node));
    return nn++;
}

static int by_char(const void *a, const void *b) { return *(const char *)a - *(const char *)b; }

static void walk(int n, int from, int depth) {
    if (depth >= min_len) found += nodes[n].nwords;
    if (depth == max_len) return;
    for (int c = from; c < 26; c++) {
        int next = nodes[n].child[c];
        if (!next) continue;
        if (cnt[c]) {
            cnt[c]--;
            walk(next, c, depth + 1);
            cnt[c]++;
        } else if (blanks) {
            blanks--;
            walk(next, c, depth + 1);
            blanks++;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: native_blanks WORDLIST RACKFILE REPEAT MIN_LEN MAX_LEN\n"); return 2; }
    int repeat = atoi(argv[3]);
    min_len = atoi(argv[4]);
    max_len = atoi(argv[5]);
    nodes = calloc(cap, sizeof(Node));
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    char line[64], key[64];
    int words = 0;
    while (fgets(line, sizeof line, f)) {
        int len = (int)strcspn(line, "\r\n");
        line[len] = 0;
        if (len < min_len || len > max_len || strspn(line, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != (size_t)len) continue;
        memcpy(key, line, (size_t)len + 1);
        qsort(key, (size_t)len, 1, by_char);
        int n = 0;
        for (int i = 0; i < len; i++) {
            int c = key[i] - 'A';
            if (!nodes[n].child[c]) { int made = add_node(); nodes[n].child[c] = made; }
            n = nodes[n].child[c];
        }
        nodes[n].nwords++;
        words++;
    }
    fclose(f);
    FILE *r = fopen(argv[2], "r");
    if (!r) { perror(argv[2]); return 2; }
    static char racks[4096][32];
    int nr = 0;
    while (nr < 4096 && fgets(racks[nr], 32, r)) { racks[nr][strcspn(racks[nr], "\r\n")] = 0; nr++; }
    fclose(r);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < repeat; k++) {
        for (int i = 0; i < nr; i++) {
            memset(cnt, 0, sizeof cnt);
            blanks = 0;
            for (char *p = racks[i]; *p; p++) {
                if (*p == '?') blanks++;
                else cnt[*p - 'A']++;
            }
            walk(0, 0, 0);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
    printf("words=%d racks=%d outputs=%ld ns_per_query=%.0f\n", words, nr, found / (repeat ? repeat : 1),
           ns / ((double)nr * (repeat ? repeat : 1)));
    return 0;
}
