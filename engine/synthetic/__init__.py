"""Attacks on synthetic data: the real file D(r), the synthetic file D(s) made from it, and
real records not used to make it (the control set).

Closest-distance and local-neighbourhood membership and attribute inference (the PrivE/tapas
attack library: Stadler, Oprisanu & Troncoso 2022; Houssiau et al. 2022), thresholds trained
by criterion, CAP (Elliot 2015), shadow modelling (Groundhog), and the control-based
evaluation of anonymeter (Giomi et al. 2023). The entry point is
:func:`engine.synthetic.api.run_synthetic_assessment`.
"""
