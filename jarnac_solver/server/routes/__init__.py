"""The service's routes, a module a resource: each module's ``routes(service)`` is its group of routes,
functions of the service (:class:`~..service.Service`) and the request; :mod:`..app` lists the groups.
"""
