// ---------------------------------------------------------------------------------------
// The kernel: one work-item per lane. A dispatch runs each lane for at most `budget` steps
// and leaves its whole state in device memory (status, where it continues, stack pointer,
// registers, counters), so the host dispatches again until the job is done (docs/gpu.md).
// A lane never waits for another inside a dispatch: a lane at a join whose children are not
// all delivered stops, and looks again at the next dispatch.
// ---------------------------------------------------------------------------------------

void vx_load_regs(Ctx* c, W* r) {
    for (int i = 0; i < MAX_REGS; i++) r[i] = c->LR[i];
}

void vx_save(Ctx* c, W* r, int status) {
    c->LS[LS_STATUS] = status;
    c->LS[LS_NF] = c->nf;
    c->LS[LS_NL] = c->nl;
    c->LS[LS_SP] = c->sp;
    c->LS[LS_RV] = c->rv;
    for (int i = 0; i < MAX_REGS; i++) c->LR[i] = r[i];
}

__kernel void vx_lanes(__global W* H, __global W* LSA, __global W* STA, __global W* LRA,
                       __global W* SCRA, __global W* TASKS, __global W* JOINS, __global W* CTL,
                       int nlanes, long budget, long epoch) {
    int lane = (int)get_global_id(0);
    if (lane >= nlanes) return;
    Ctx cx;
    Ctx* c = &cx;
    c->H = H;
    c->LS = LSA + (long)lane * LANE_STATE_WORDS;
    c->ST = STA + (long)lane * STACK_WORDS;
    c->LR = LRA + (long)lane * MAX_REGS;
    c->SCR = SCRA + (long)lane * SCRATCH_WORDS;
    c->CTL = CTL;
    c->TASKS = TASKS;
    c->JOINS = JOINS;
    c->cap = CTL[CTL_CAP];
    c->lane = lane;
    c->epoch = epoch;
    c->nlanes = nlanes;
    c->ecode = 0;
    c->ea = 0;
    c->eb = 0;
    c->ec = 0;
    c->ef = -1;
    c->epc = -1;
    __global W* LS = c->LS;
    if (LS[LS_STATUS] == S_DONE || LS[LS_STATUS] == S_ERR) return;
    if (LS[LS_STATUS] == S_IDLE && ALD(&CTL[CTL_PUBLISHED]) <= 0) return;
    c->steps = LS[LS_STEPS];
    c->peak = LS[LS_PEAK];
    c->calls = LS[LS_CALLS];
    c->forks = LS[LS_FORKS];
    c->steals = LS[LS_STEALS];
    c->spills = LS[LS_SPILLS];
    c->restores = LS[LS_RESTORES];
    c->allocw = LS[LS_ALLOCW];
    c->freedw = LS[LS_FREEDW];
    c->live = LS[LS_LIVE];
    c->peaklive = LS[LS_PEAKLIVE];
    c->bump = LS[LS_BUMP];
    c->bumpEnd = LS[LS_BUMPEND];
    long start = c->steps;
    c->limit = start + budget;
    W r[MAX_REGS];
    while (ALD(&CTL[CTL_ERR]) == 0 && c->steps < c->limit) {
        W st = LS[LS_STATUS];
        if (st == S_IDLE) {
            if (!vx_steal(c, r)) break;
        } else {
            if (st == S_WAIT) {
                __global W* J = JOINS + LS[LS_WAITJ] * JOIN_WORDS;
                if (ALD(&J[J_PENDING]) != 0 || ALD(&J[J_DELIVERED]) >= epoch) break;
                LS[LS_STATUS] = S_RUN;
            } else if (st != S_RUN) {
                break;
            }
            vx_load_regs(c, r);
            c->nf = (int)LS[LS_NF];
            c->nl = (int)LS[LS_NL];
            c->sp = (int)LS[LS_SP];
            c->rv = LS[LS_RV];
        }
        int stopped = 0;
        while (c->steps < c->limit) {
            if (vx_dispatch(c, r)) {
                stopped = 1;
                break;
            }
        }
        if (!stopped) {
            vx_save(c, r, S_RUN);
            break;
        }
        if (c->status == S_IDLE) {
            vx_share_live(c); // a task is done: what it allocated may be freed on another lane
            LS[LS_STATUS] = S_IDLE;
            continue;
        }
        vx_save(c, r, c->status);
        break;
    }
    vx_share_live(c);
    LS[LS_STEPS] = c->steps;
    LS[LS_PEAK] = c->peak;
    LS[LS_CALLS] = c->calls;
    LS[LS_FORKS] = c->forks;
    LS[LS_STEALS] = c->steals;
    LS[LS_SPILLS] = c->spills;
    LS[LS_RESTORES] = c->restores;
    LS[LS_ALLOCW] = c->allocw;
    LS[LS_FREEDW] = c->freedw;
    LS[LS_LIVE] = c->live;
    LS[LS_PEAKLIVE] = c->peaklive;
    LS[LS_BUMP] = c->bump;
    LS[LS_BUMPEND] = c->bumpEnd;
    if (c->steps != start) AADD(&CTL[CTL_STEPS], c->steps - start);
}
