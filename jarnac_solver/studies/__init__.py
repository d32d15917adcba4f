"""The studies layer: compare word lists by how they play, from one laptop to a Dask cluster.

Key idea: a study is a pure function of its setting and its seed. Items
(racks drawn from a bag, positions from self-play, whole games) each draw
from their own seeded stream; chunks of items run on any executor (this
process, local processes, Dask) and come back as rows; every summary, with
its 95% interval, is computed from the rows alone. The same seed gives the
same numbers, whatever runs it.
"""
